/**
 * Strict request-body parsing: a zod schema applied to a body, and the issues turned into the vendor's
 * validation error through the gym's adapter (a misspelled key fails loudly with the schema's strictObject).
 */
import type { z } from 'zod';

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

/** A body parser: the parsed value, or it throws the gym's validation error. */
export type BodyParser = <T extends z.ZodType>(schema: T, body: unknown) => z.infer<T>;

/**
 * A body parser for one gym.
 * @param invalid the gym's validation error for a body that does not match (thrown as is), e.g. HubSpot's 400
 *   `VALIDATION_ERROR` whose message is {@link zodMessage} of the issues.
 */
export function bodyParser(invalid: (error: z.ZodError) => unknown): BodyParser {
	return (schema, body) => {
		const parsed = schema.safeParse(body);
		if (!parsed.success) throw invalid(parsed.error);
		return parsed.data;
	};
}
