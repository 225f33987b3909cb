/**
 * The Outreach, Calendly and Sales Navigator contracts: every field of every exported schema is described, and
 * each gym's error answer parses with its contract's error envelope (so the future UI clients and the handlers
 * read errors the same way).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as calendly from './calendly/contract';
import { CalendlyDb } from './calendly/db';
import { createCalendlyGym } from './calendly/index';
import * as outreach from './outreach/contract';
import { OutreachDb } from './outreach/db';
import { createOutreachGym } from './outreach/index';
import * as salesnav from './salesnav/contract';
import { SalesNavDb } from './salesnav/db';
import { createSalesNavGym } from './salesnav/index';
import { undescribed } from './schema-check';
import type { Gym } from './types';

const CONTRACTS = { outreach, calendly, salesnav } as Record<string, Record<string, unknown>>;

describe.each(Object.entries(CONTRACTS))('%s contract', (_gym, mod) => {
	const schemas = Object.entries(mod).filter((e): e is [string, z.ZodType] => e[1] instanceof z.ZodType);

	it('exports its records and its error envelope', () => {
		expect(schemas.length).toBeGreaterThan(5);
		expect(schemas.map(([n]) => n)).toContain('ErrorBody');
	});

	it.each(schemas)('%s: every field has a .describe()', (_name, s) => {
		expect(undescribed(s)).toEqual([]);
	});
});

describe('each gym answers an unserved path with its contract’s error envelope', () => {
	const gyms: [string, Gym, z.ZodType][] = [
		['outreach', createOutreachGym(new OutreachDb('contract-outreach')), outreach.ErrorBody],
		['calendly', createCalendlyGym(new CalendlyDb('contract-calendly')), calendly.ErrorBody],
		['salesnav', createSalesNavGym(new SalesNavDb('contract-salesnav')), salesnav.ErrorBody]
	];
	it.each(gyms)('%s', async (_name, gym, ErrorBody) => {
		const res = await gym.handle({ method: 'GET', path: '/no/such/path', query: new URLSearchParams(), body: undefined });
		expect(res.status).toBe(404);
		expect(ErrorBody.safeParse(res.body).success).toBe(true);
	});

	it('an envelope of another gym does not parse (the schemas are strict)', () => {
		expect(outreach.ErrorBody.safeParse({ title: 'Resource Not Found', message: 'x', details: [] }).success).toBe(false);
		expect(calendly.ErrorBody.safeParse({ errors: [{ id: 'resourceNotFound', title: 'Resource Not Found', detail: 'x' }] }).success).toBe(false);
	});
});
