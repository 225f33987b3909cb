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
