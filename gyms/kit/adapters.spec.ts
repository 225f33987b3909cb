import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CalendlyDb } from '../calendly/db';
import { createCalendlyGym } from '../calendly';
import { HubSpotDb } from '../hubspot/db';
import { createHubSpotGym } from '../hubspot';
import { OutreachDb } from '../outreach/db';
import { createOutreachGym } from '../outreach';
import { SalesNavDb } from '../salesnav/db';
import { createSalesNavGym } from '../salesnav';
import type { ApiRequest, Gym } from '../types';

const req = (method: string, path: string, bodyError?: string): ApiRequest => ({
	method,
	path,
	query: new URLSearchParams(),
	body: undefined,
	...(bodyError ? { bodyError } : {})
});
const init = { run_id: 'adapters', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z' };

async function ready(gym: Gym): Promise<Gym> {
	await gym.reset(init);
	return gym;
}

describe('each gym’s error envelope on the kit router', () => {
	it('HubSpot: 404 / 405 / 400 with the correlation id header', async () => {
		const gym = await ready(createHubSpotGym(new HubSpotDb('adapters-hubspot')));
		const notFound = await gym.handle(req('GET', '/crm/v3/nope'));
		expect(notFound).toMatchObject({ status: 404, body: { status: 'error', category: 'OBJECT_NOT_FOUND', message: 'No route matches GET /crm/v3/nope' } });
		expect(notFound.headers?.['x-hubspot-correlation-id']).toBe((notFound.body as { correlationId: string }).correlationId);
		expect((await gym.handle(req('PUT', '/crm/v3/objects/contacts'))).body).toMatchObject({
			category: 'INVALID_METHOD',
			message: 'PUT is not allowed on /crm/v3/objects/contacts'
		});
		expect((await gym.handle(req('GET', '/crm/v3/objects/contacts/%E0%A4%A'))).body).toMatchObject({
			category: 'VALIDATION_ERROR',
			message: 'Invalid input JSON on line 1: malformed path segment "%E0%A4%A"'
		});
		expect((await gym.handle(req('POST', '/crm/v3/objects/contacts', 'body is not valid JSON'))).body).toMatchObject({
			category: 'VALIDATION_ERROR',
			message: 'Invalid input JSON on line 1: body is not valid JSON'
		});
	});

	it('Outreach: JSON:API {errors:[{id,title,detail}]}', async () => {
		const gym = await ready(createOutreachGym(new OutreachDb('adapters-outreach')));
		const json = { 'content-type': 'application/vnd.api+json' };
		expect(await gym.handle(req('GET', '/prospectz'))).toEqual({
			status: 404,
			body: { errors: [{ id: 'resourceNotFound', title: 'Resource Not Found', detail: 'No route matches GET /prospectz' }] },
			headers: json
		});
		expect(await gym.handle(req('DELETE', '/me'))).toEqual({
			status: 405,
			body: { errors: [{ id: 'methodNotAllowed', title: 'Method Not Allowed', detail: 'DELETE is not allowed on /me' }] },
			headers: json
		});
		expect(await gym.handle(req('GET', '/me', 'body is not valid JSON'))).toEqual({
			status: 400,
			body: { errors: [{ id: 'badRequest', title: 'Bad Request', detail: 'body is not valid JSON' }] },
			headers: json
		});
	});

	it('Calendly: {title, message, details?}', async () => {
		const gym = await ready(createCalendlyGym(new CalendlyDb('adapters-calendly')));
		expect(await gym.handle(req('GET', '/userz/me'))).toEqual({
			status: 404,
			body: { title: 'Resource Not Found', message: 'The server could not find the requested resource.', details: [] }
		});
		expect(await gym.handle(req('POST', '/me'))).toEqual({ status: 405, body: { title: 'Method Not Allowed', message: 'POST is not allowed on /me' } });
		expect(await gym.handle(req('GET', '/me', 'body is not valid JSON'))).toEqual({
			status: 400,
			body: { title: 'Invalid Argument', message: 'The supplied parameters are invalid.', details: [{ parameter: 'body', message: 'body is not valid JSON' }] }
		});
	});

	it('Sales Navigator: {status, serviceErrorCode, code, message}', async () => {
		const gym = await ready(createSalesNavGym(new SalesNavDb('adapters-salesnav')));
		expect(await gym.handle(req('GET', '/leads'))).toEqual({
			status: 404,
			body: { status: 404, serviceErrorCode: 0, code: 'NOT_FOUND', message: 'No route matches GET /leads' }
		});
		expect((await gym.handle(req('DELETE', '/lists'))).body).toEqual({
			status: 405,
			serviceErrorCode: 0,
			code: 'METHOD_NOT_ALLOWED',
			message: 'DELETE is not allowed on /lists'
		});
		expect((await gym.handle(req('GET', '/lists/%E0%A4%A'))).body).toEqual({
			status: 400,
			serviceErrorCode: 0,
			code: 'BAD_REQUEST',
			message: 'malformed path segment "%E0%A4%A"'
		});
	});
});
