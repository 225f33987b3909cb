import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonSchemas } from './schemas';

describe('static/schema', () => {
	it.each(Object.entries(jsonSchemas()))('%s is up to date (run `npm run schema`)', (file, text) => {
		expect(readFileSync(new URL(`../static/schema/${file}`, import.meta.url), 'utf8')).toBe(text);
	});
	it('the blueprint schema forbids unknown keys, as the zod schema does', () => {
		const schema = JSON.parse(jsonSchemas()['blueprint.schema.json']!);
		expect(schema.additionalProperties).toBe(false);
		expect(schema.required).toContain('steps');
	});
});
