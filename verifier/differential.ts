/**
 * The differential suite shared by the Node, native-jq and page legs (verifier/differential.spec.ts,
 * tests/e2e/verifier.spec.ts): assertions covering every operator, the variables, the date helpers, errors,
 * zero and several outputs, over a fixed two-gym export.
 */
import { OPS, type Op, type PlacedAssertion } from './schema';
import type { StateExportDoc } from './schema';

const A = (id: string, op: Op, query: string, expected?: unknown, extra: Partial<PlacedAssertion> = {}): PlacedAssertion => ({
	id,
	description: id,
	query,
	op,
	expected,
	step: 0,
	platform: 'inline',
	weight: 1,
	gating: true,
	...extra
});

/** A fixed export of a run over HubSpot and a synthetic second gym. */
export function differentialExport(): StateExportDoc {
	return {
		format: 'salesgym.state',
		version: 1,
		run_id: 'diff-1',
		task_id: null,
		seed: 1,
		clock: '2026-03-02T14:30:02.000Z',
		gyms: {
			hubspot: {
				contacts: [
					{ id: '101', properties: { email: 'a@x.com', amount: '12,000', score: 41.5, createdate: '2026-03-02T09:00:00.000-05:00', tags: ['vip', 'emea'] } },
					{ id: '9007199254740993', properties: { email: 'b@x.com', amount: '12000', score: null, createdate: '2026-03-01T23:30:00.000Z', tags: [] } }
				]
			},
			outreach: { prospects: [{ id: '5', attributes: { emails: ['a@x.com'], optedOut: false } }] }
		},
		events: [
			{ seq: 1, at: '2026-03-02T14:30:00.000Z', gym: 'hubspot', method: 'POST', path: '/crm/v3/objects/contacts', status: 201, entity: 'contacts', id: '101' }
		],
		meta: {
			hubspot: { clock: '2026-03-02T14:30:01.000Z', seq: 1, next_ids: { contacts: 102 } },
			outreach: { clock: '2026-03-02T14:30:02.000Z', seq: 0, next_ids: { prospects: 6 } }
		}
	};
}

const c = (id: string) => `.hubspot.contacts[] | select(.id == "${id}")`;

/** Every operator at least once, plus variables, helpers, big ids, errors, 0 and 2 outputs. */
export const DIFFERENTIAL_ASSERTIONS: PlacedAssertion[] = [
	A('eq', 'eq', `${c('101')} | .properties.email`, 'a@x.com'),
	A('neq', 'neq', `${c('101')} | .properties.amount`, '12000'),
	A('gt', 'gt', `${c('101')} | .properties.score`, 41),
	A('gte', 'gte', '.hubspot.contacts | length', 3),
	A('lt', 'lt', `${c('101')} | .properties.score`, 41.5),
	A('lte', 'lte', `${c('101')} | .properties.createdate`, '2026-03-02T14:00:00.000Z'),
	A('in', 'in', `${c('101')} | .properties.tags[0]`, ['vip', 'smb']),
	A('not-in', 'not_in', `${c('101')} | .properties.tags[1]`, ['apac']),
	A('contains', 'contains', `${c('101')} | .properties.tags`, 'emea'),
	A('not-contains', 'not_contains', `${c('101')} | .properties.email`, '@y.'),
	A('matches', 'matches', `${c('101')} | .properties.email`, '^[a-z]@x\\.com$'),
	A('exists', 'exists', `${c('9007199254740993')} | .properties.score`),
	A('not-exists', 'not_exists', `${c('9007199254740993')} | .properties.score`),
	A('count-eq', 'count_eq', '[.hubspot.contacts[] | select(.properties.tags | length > 0)]', 1),
	A('count-gte', 'count_gte', '.outreach.prospects', 1),
	A('count-lte', 'count_lte', '.hubspot.contacts', 1),
	A('set-eq', 'set_eq', '[.hubspot.contacts[].id]', ['9007199254740993', '101']),
	A('subset', 'subset', '[.hubspot.contacts[].properties.email]', ['a@x.com', 'c@x.com']),
	A('approx', 'approx', `${c('101')} | .properties.score`, 41.49, { tolerance: 0.02 }),
	A('before', 'before', `${c('101')} | .properties.createdate`, '2026-03-02T14:00:01Z'),
	A('after', 'after', `${c('9007199254740993')} | .properties.createdate`, '2026-03-02T00:00:00+01:00'),
	A('within', 'within', '$events[0].at', '2026-03-02T14:30:02.000Z', { tolerance: 1 }),
	A('truthy', 'truthy', '.outreach.prospects[0].attributes.optedOut'),
	A('falsy', 'falsy', '.outreach.prospects[0].attributes.optedOut'),
	A('big-id', 'eq', '.hubspot.contacts[1].id', '9007199254740993'),
	A('now', 'eq', '$now | local_date("America/Los_Angeles") + " " + weekday("America/Los_Angeles")', '2026-03-02 Monday'),
	A('initial', 'eq', '$initial.hubspot.contacts | length', 2),
	A('cross-gym', 'eq', '[.hubspot.contacts[].properties.email] - [.outreach.prospects[].attributes.emails[]]', ['b@x.com']),
	A('add-duration', 'eq', `${c('101')} | .properties.createdate | add_duration("PT30M")`, '2026-03-02T14:30:00.000Z'),
	A('zero-outputs', 'eq', c('404'), null),
	A('two-outputs', 'eq', '.hubspot.contacts[].id', '101'),
	A('runtime-error', 'eq', '.hubspot.contacts[0].properties.amount | tonumber', 12000),
	A('compile-error', 'eq', '.hubspot.contacts[', 1),
	A('type-mismatch', 'gt', `${c('101')} | .properties.amount`, 100)
];

/** Operators the suite covers (a test asserts this is all of them). */
export const COVERED_OPS: ReadonlySet<Op> = new Set(DIFFERENTIAL_ASSERTIONS.map((a) => a.op));
export { OPS };
