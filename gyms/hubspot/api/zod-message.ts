import type { z } from 'zod';
import { invalidInput } from './errors';

/**
 * One-line description of a zod error for API error messages: `path: message; …`,
 * e.g. `properties.email: Invalid input; Unrecognized key: "propertiez"`.
 */
export function zodMessage(error: z.ZodError): string {
	return error.issues
		.map((i) => {
			const path = i.path.map(String).join('.');
			return `${path ? `${path}: ` : ''}${i.message}`;
		})
		.join('; ');
}

/**
 * `schema` applied to a request body: the parsed value, or HubSpot's 400 `VALIDATION_ERROR` whose message is
 * {@link zodMessage} of the issues (every API body of the gym goes through here; strict schemas reject typos).
 * @throws HubSpotError 400 when the body does not match.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
	const parsed = schema.safeParse(body);
	if (!parsed.success) throw invalidInput(zodMessage(parsed.error));
	return parsed.data;
}
