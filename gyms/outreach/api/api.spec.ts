/**
 * Contract tests of the Outreach API v2 replica: the generic JSON:API reads (filter, sort, paging, include,
 * sparse fields, count), the media type, and every enrollment / action rule: each refusal answers Outreach's
 * envelope and leaves the export byte-identical; every answer parses with the contract's schemas.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../../kit/test-gym';
import { CA, RA, outreachSpecGym } from './spec-kit';
import { ErrorBody, SparseCollectionAnswer } from '../contract';

const kit = outreachSpecGym('api-outreach');
const { gym, call, snapshot, state } = kit;

/** A JSON:API relationship body `{data: {type, id}}` with an integer id. */
const rel = (type: string, id: string | number) => ({ data: { type, id: Number(id) } });

/** Expects a refusal with `status` and error `id` that changes nothing; returns the detail. */
const refused = async (status: number, errId: string, run: () => Promise<{ status: number; body: Json }>): Promise<string> =>
	(await kit.refused(status, errId, run)).detail;

const enrollBody = (p: string | number, s: string | number, m: string | number) => ({
	data: { type: 'sequenceState', relationships: { prospect: rel('prospect', p), sequence: rel('sequence', s), mailbox: rel('mailbox', m) } }
});

let made = 0;

/** A fresh prospect (no states) created through the API; returns its id. */
async function newProspect(attrs: Record<string, unknown> = {}): Promise<string> {
	const account = (await state()).accounts[0]!.id;
	const res = await call('POST', '/prospects', {
		data: {
			type: 'prospect',
			relationships: { account: rel('account', account) },
			attributes: { firstName: 'Pat', lastName: 'Lee', title: 'VP Sales', company: 'Newco', emails: [`pat.${++made}@new.example`], ...attrs }
		}
	});
	expect(res.status, JSON.stringify(res.body)).toBe(201);
	return String(RA('prospect').parse(res.body).data.id);
}

describe('reads', () => {
	it('lists prospects with the JSON:API media type, 50 per page, links.next and meta.count only with count=true', async () => {
		const res = await call('GET', '/prospects');
		expect(res.headers?.['content-type']).toBe('application/vnd.api+json');
		const body = CA('prospect').parse(res.body);
		expect(body.data).toHaveLength(50);
		expect(body.meta).toEqual({});
		expect(typeof body.data[0]!.id).toBe('number');
		const t = await state();
		const counted = CA('prospect').parse((await call('GET', '/prospects', undefined, 'count=true&page[size]=7')).body);
		expect(counted.meta.count).toBe(t.prospects.length);
		const next = new URL(counted.links.next!, 'http://x');
		const page2 = CA('prospect').parse((await call('GET', '/prospects', undefined, next.searchParams.toString())).body);
		expect(page2.data.map((d: Json) => d.id)).toEqual(t.prospects.slice(7, 14).map((p) => Number(p.id)));
	});

	it('walks every page through links.next and sees each row once', async () => {
		const t = await state();
		const seen: number[] = [];
		let query = 'page[size]=200';
		for (;;) {
			const b = CA('prospect').parse((await call('GET', '/prospects', undefined, query)).body);
			seen.push(...b.data.map((d: Json) => d.id as number));
			if (!b.links.next) break;
			query = new URL(b.links.next, 'http://x').searchParams.toString();
		}
		expect(seen).toEqual(t.prospects.map((p) => Number(p.id)));
	});

	it('filters by attribute, relationship, range and search; sorts; includes; sparse fields', async () => {
		const t = await state();
		const active = t.sequenceStates.filter((s) => s.attributes.state === 'active');
		const b = CA('sequenceState').parse((await call('GET', '/sequenceStates', undefined, 'filter[state]=active&count=true&page[size]=1000')).body);
		expect(b.meta.count).toBe(active.length);
		const seqId = t.sequences[0]!.id;
		const bySeq = CA('sequenceState').parse((await call('GET', '/sequenceStates', undefined, `filter[sequence][id]=${seqId}&count=true`)).body);
		expect(bySeq.meta.count).toBe(t.sequenceStates.filter((s) => s.relationships.sequence.data.id === seqId).length);
		const p = t.prospects[3]!;
		const byEmail = CA('prospect').parse((await call('GET', '/prospects', undefined, `filter[emails]=${p.attributes.emails[0]}`)).body);
		expect(byEmail.data.map((d: Json) => d.id)).toEqual([Number(p.id)]);
		const q = CA('prospect').parse(
			(await call('GET', '/prospects', undefined, `filter[q]=${encodeURIComponent(p.attributes.lastName.toUpperCase())}&page[size]=1000`)).body
		);
		expect(q.data.map((d: Json) => d.id)).toContain(Number(p.id));
		const sorted = CA('prospect').parse((await call('GET', '/prospects', undefined, 'sort=-createdAt&page[size]=20')).body);
		const created = sorted.data.map((d: Json) => d.attributes.createdAt as string);
		expect(created).toEqual([...created].sort().reverse());
		const since = t.prospects[10]!.attributes.createdAt;
		const range = CA('prospect').parse((await call('GET', '/prospects', undefined, `filter[createdAt]=${since}..inf&count=true`)).body);
		expect(range.meta.count).toBe(t.prospects.filter((x) => x.attributes.createdAt >= since).length);
		const inc = RA('sequenceState').parse((await call('GET', `/sequenceStates/${t.sequenceStates[0]!.id}`, undefined, 'include=prospect,sequence.owner')).body);
		expect(inc.included!.map((r: Json) => r.type).sort()).toEqual(
			['prospect', 'sequence', 'user'].filter(
				(x) => x !== 'user' || t.sequences.find((s) => s.id === t.sequenceStates[0]!.relationships.sequence.data.id)!.relationships.owner.data
			)
		);
		const sp = SparseCollectionAnswer.parse((await call('GET', '/prospects', undefined, 'fields[prospect]=firstName,stage&page[size]=2')).body);
		expect(Object.keys(sp.data[0]!.attributes)).toEqual(['firstName']);
		expect(Object.keys(sp.data[0]!.relationships)).toEqual(['stage']);
	});

	it('filter[id] selects rows by their own id (not a relationship)', async () => {
		const ids = (await state()).prospects.slice(3, 6).map((p) => Number(p.id));
		const body = CA('prospect').parse((await call('GET', '/prospects', undefined, `filter[id]=${ids.join(',')}&count=true`)).body);
		expect(body.data.map((d: Json) => d.id)).toEqual(ids);
		expect(body.meta.count).toBe(3);
	});

	it('serves every resource type, and a missing one is resourceNotFound', async () => {
		for (const path of [
			'users',
			'mailboxes',
			'stages',
			'accounts',
			'sequences',
			'sequenceSteps',
			'templates',
			'sequenceTemplates',
			'mailings',
			'tasks',
			'rulesets',
			'emailAddresses',
			'calls',
			'callDispositions',
			'snippets',
			'personas'
		]) {
			const res = await call('GET', `/${path}`);
			expect(res.status, path).toBe(200);
		}
		const res = await call('GET', '/prospects/999999999');
		expect(res.status).toBe(404);
		expect(ErrorBody.parse(res.body).errors[0]).toMatchObject({ id: 'resourceNotFound', detail: "Could not find 'prospect' with ID '999999999'." });
	});

	it('refuses unknown filters, sorts, includes, cursors and page sizes with a 400', async () => {
		for (const q of ['filter[nope]=1', 'sort=nope', 'include=nope', 'page[after]=zzz', 'page[size]=5000', 'fields[prospect]=nope', 'bogus=1', 'count=yes']) {
			const res = await call('GET', '/prospects', undefined, q);
			expect(res.status, q).toBe(400);
			expect(ErrorBody.parse(res.body).errors[0]!.id).toBe('badRequest');
		}
	});
});

describe('writes', () => {
	it('refuses a body that is not application/vnd.api+json with a 415 and writes nothing', async () => {
		const before = await snapshot();
		const res = await gym.handle({
			method: 'POST',
			path: '/prospects',
			query: new URLSearchParams(),
			body: { data: { type: 'prospect', attributes: { firstName: 'A' } } },
			contentType: 'application/json'
		});
		expect(res.status).toBe(415);
		expect(ErrorBody.parse(res.body).errors[0]).toMatchObject({ id: 'unsupportedMediaType' });
		expect(await snapshot()).toBe(before);
	});

	it('creates a prospect with its emailAddresses; a duplicate email is validationDuplicateValueError', async () => {
		const t = await state();
		const id = await newProspect();
		const addrs = CA('emailAddress').parse((await call('GET', '/emailAddresses', undefined, `filter[prospect][id]=${id}`)).body);
		expect(addrs.data).toHaveLength(1);
		await refused(422, 'validationDuplicateValueError', () =>
			call('POST', '/prospects', { data: { type: 'prospect', attributes: { firstName: 'X', emails: [t.prospects[0]!.attributes.emails[0]] } } })
		);
		await refused(422, 'validationError', () => call('POST', '/prospects', { data: { type: 'prospect', attributes: { firstName: 'X', engagedScore: 3 } } }));
	});

	it('has no PATCH on sequenceStates or mailings and no DELETE on sequenceSteps', async () => {
		const t = await state();
		await refused(405, 'methodNotAllowed', () => call('PATCH', `/sequenceStates/${t.sequenceStates[0]!.id}`, { data: {} }));
		await refused(405, 'methodNotAllowed', () => call('PATCH', `/mailings/${t.mailings[0]!.id}`, { data: {} }));
		await refused(405, 'methodNotAllowed', () => call('DELETE', `/sequenceSteps/${t.sequenceSteps[0]!.id}`));
	});
});

describe('enrollment rules', () => {
	/** An enabled, non-exclusive sequence whose first step is an auto email, and a sending mailbox. */
	async function fixtures() {
		const t = await state();
		const firstStep = (seqId: string) =>
			t.sequenceSteps.filter((s) => s.relationships.sequence.data.id === seqId).sort((a, b) => a.attributes.order - b.attributes.order)[0]!;
		const open = t.sequences.filter((s) => s.attributes.enabled && s.relationships.ruleset.data?.id === '480001');
		const emailSeq = open.find((s) => firstStep(s.id).attributes.stepType === 'auto_email')!;
		const exclusive = t.sequences.find((s) => s.attributes.enabled && s.relationships.ruleset.data?.id === '480002')!;
		const disabled = t.sequences.find((s) => !s.attributes.enabled)!;
		const mailbox = t.mailboxes.find((m) => !m.attributes.sendDisabled)!;
		return { t, emailSeq, exclusive, disabled, mailbox, other: open.find((s) => s.id !== emailSeq.id)!, firstStep };
	}

	it('enrolls: an active state, the first step scheduled as a mailing with its variables resolved, stage Approaching', async () => {
		const { emailSeq, mailbox, firstStep } = await fixtures();
		const p = await newProspect();
		const res = await call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id));
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const s = RA('sequenceState').parse(res.body).data;
		expect(s.attributes.state).toBe('active');
		expect(s.relationships.sequenceStep.data.id).toBe(Number(firstStep(emailSeq.id).id));
		const m = CA('mailing').parse((await call('GET', '/mailings', undefined, `filter[sequenceState][id]=${s.id}`)).body).data;
		expect(m).toHaveLength(1);
		expect(m[0].attributes.state).toBe('scheduled');
		expect(m[0].attributes.bodyHtml).toContain('Hi Pat');
		expect(m[0].attributes.bodyHtml).not.toContain('{{first_name}}');
		const after = await state();
		const stage = after.stages.find((x) => x.id === after.prospects.find((x) => x.id === p)!.relationships.stage.data?.id);
		expect(stage?.attributes.name).toBe('Approaching');
	});

	it('serves sequence and step engagement counters computed from the mailings; an enrollment moves scheduleCount', async () => {
		const { t, emailSeq, mailbox, firstStep } = await fixtures();
		const mine = t.mailings.filter((m) => m.relationships.sequenceStep.data?.id === firstStep(emailSeq.id).id);
		const counted = (pred: (m: (typeof mine)[number]) => boolean) => mine.filter(pred).length;
		const getStep = async () => RA('sequenceStep').parse((await call('GET', `/sequenceSteps/${firstStep(emailSeq.id).id}`)).body).data.attributes;
		const before = await getStep();
		expect(before.deliverCount).toBe(counted((m) => m.attributes.deliveredAt !== null));
		expect(before.openCount).toBe(counted((m) => m.attributes.openedAt !== null));
		expect(before.clickCount).toBe(counted((m) => m.attributes.clickedAt !== null));
		expect(before.replyCount).toBe(counted((m) => m.attributes.repliedAt !== null));
		expect(before.bounceCount).toBe(counted((m) => m.attributes.state === 'bounced'));
		expect(before.scheduleCount).toBe(counted((m) => m.attributes.state === 'scheduled'));
		expect(before.deliverCount).toBeGreaterThan(0);
		// the sequence's counters are the sum over its steps; opt-outs equal its opted_out states that had a delivered mailing
		const steps = CA('sequenceStep').parse((await call('GET', '/sequenceSteps', undefined, `filter[sequence][id]=${emailSeq.id}`)).body).data;
		const seq = RA('sequence').parse((await call('GET', `/sequences/${emailSeq.id}`)).body).data.attributes;
		for (const k of ['deliverCount', 'openCount', 'clickCount', 'replyCount', 'bounceCount', 'optOutCount', 'scheduleCount'])
			expect(seq[k], k).toBe(steps.reduce((n: number, s: Json) => n + (s.attributes[k] as number), 0));
		const allOptOut = CA('sequence')
			.parse((await call('GET', '/sequences', undefined, 'page[size]=100')).body)
			.data.reduce((n: number, s: Json) => n + s.attributes.optOutCount, 0);
		expect(allOptOut).toBeGreaterThan(0);
		// filterable and sortable like any attribute
		const busy = CA('sequence').parse((await call('GET', '/sequences', undefined, 'filter[deliverCount]=1..inf&sort=-deliverCount')).body).data;
		expect(busy.length).toBeGreaterThan(0);
		expect(busy[0].attributes.deliverCount).toBeGreaterThanOrEqual(busy.at(-1).attributes.deliverCount);
		const p = await newProspect({ title: 'counter' });
		expect((await call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id))).status).toBe(201);
		expect((await getStep()).scheduleCount).toBe(before.scheduleCount + 1);
		// computed, never stored
		expect('deliverCount' in (await state()).sequenceSteps[0]!.attributes).toBe(false);
	});

	it('refuses the same sequence twice (permitDuplicateProspects disallow), also after finished', async () => {
		const { emailSeq, mailbox } = await fixtures();
		const p = await newProspect();
		const s = RA('sequenceState').parse((await call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id))).body).data;
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id)))).toMatch(/already active/);
		expect((await call('POST', `/sequenceStates/${s.id}/actions/finish`)).status).toBe(200);
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id)))).toMatch(
			/does not permit duplicate/
		);
	});

	it('allows several ordinary sequences at once, but not an exclusive one (sequenceExclusivity all_sequences)', async () => {
		const { emailSeq, other, exclusive, mailbox } = await fixtures();
		const p = await newProspect();
		expect((await call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id))).status).toBe(201);
		expect((await call('POST', '/sequenceStates', enrollBody(p, other.id, mailbox.id))).status).toBe(201);
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(p, exclusive.id, mailbox.id)))).toMatch(/exclusive/);
		const q = await newProspect({ title: 'x' });
		expect((await call('POST', '/sequenceStates', enrollBody(q, exclusive.id, mailbox.id))).status).toBe(201);
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(q, emailSeq.id, mailbox.id)))).toMatch(/exclusive/);
	});

	it('refuses an opted-out prospect (globally, or of email for a sequence with email steps) unless transactional', async () => {
		const { emailSeq, mailbox } = await fixtures();
		const p = await newProspect({ optedOut: true });
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mailbox.id)))).toMatch(/opted out/);
		const e = await newProspect({ emailOptedOut: true });
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(e, emailSeq.id, mailbox.id)))).toMatch(/opted out of email/);
	});

	it('refuses a bounced address, a prospect without email, a disabled mailbox; a disabled sequence gives a pending state', async () => {
		const { t, emailSeq, disabled, mailbox } = await fixtures();
		const bounced = t.emailAddresses.find((a) => a.attributes.status === 'bounced')!;
		const bp = bounced.relationships.prospect.data.id;
		const bpActive = t.sequenceStates.some((s) => s.relationships.prospect.data.id === bp && s.relationships.sequence.data.id === emailSeq.id);
		if (!bpActive)
			expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(bp, emailSeq.id, mailbox.id)))).toMatch(/bounced/);
		const none = await newProspect({ emails: [] });
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(none, emailSeq.id, mailbox.id)))).toMatch(/no email/);
		const p = await newProspect();
		const res = await call('POST', '/sequenceStates', enrollBody(p, disabled.id, mailbox.id));
		expect(res.status).toBe(201);
		expect(RA('sequenceState').parse(res.body).data.attributes.state).toBe('pending');
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(999999, emailSeq.id, mailbox.id)))).toMatch(/does not exist/);
	});

	it('refuses to enroll from a disabled mailbox (fixture)', async () => {
		const { t, emailSeq } = await fixtures();
		const mb = { ...t.mailboxes[0]!, attributes: { ...t.mailboxes[0]!.attributes, sendDisabled: true } };
		await gym.reset({ run_id: 'r', task_id: null, seed: 1, clock: '2026-03-02T14:30:00.000Z', fixtures: { mailboxes: [mb] } });
		const p = await newProspect();
		expect(await refused(422, 'validationError', () => call('POST', '/sequenceStates', enrollBody(p, emailSeq.id, mb.id)))).toMatch(/sending disabled/);
	});
});

describe('state actions', () => {
	async function enrolled() {
		const t = await state();
		const seq = t.sequences.find((s) => s.attributes.enabled && s.relationships.ruleset.data?.id === '480001')!;
		const p = await newProspect();
		const s = RA('sequenceState').parse((await call('POST', '/sequenceStates', enrollBody(p, seq.id, t.mailboxes[0]!.id))).body).data;
		return { t, seq, p, s };
	}

	it('pause / resume / finish only from the right state; finish drops the open step work', async () => {
		const { s } = await enrolled();
		expect(await refused(422, 'validationError', () => call('POST', `/sequenceStates/${s.id}/actions/resume`))).toMatch(/only a paused/);
		expect(RA('sequenceState').parse((await call('POST', `/sequenceStates/${s.id}/actions/pause`)).body).data.attributes.state).toBe('paused');
		expect(await refused(422, 'validationError', () => call('POST', `/sequenceStates/${s.id}/actions/finish`))).toMatch(/only an active/);
		expect(await refused(422, 'validationError', () => call('POST', `/sequenceStates/${s.id}/actions/pause`))).toMatch(/only an active/);
		expect(RA('sequenceState').parse((await call('POST', `/sequenceStates/${s.id}/actions/resume`)).body).data.attributes.state).toBe('active');
		expect(RA('sequenceState').parse((await call('POST', `/sequenceStates/${s.id}/actions/finish`)).body).data.attributes.state).toBe('finished');
		const t = await state();
		expect(t.mailings.filter((m) => m.relationships.sequenceState.data?.id === String(s.id) && m.attributes.state === 'scheduled')).toHaveLength(0);
	});

	it('a pause with a resume date reads active once the virtual clock reaches it', async () => {
		const { s } = await enrolled();
		const t0 = (await gym.runMeta())!.clock;
		const until = new Date(Date.parse(t0) + 3000).toISOString();
		await refused(400, 'badRequest', () => call('POST', `/sequenceStates/${s.id}/actions/pause`, undefined, 'actionParams[autoResumeAt]=tomorrow'));
		const paused = RA('sequenceState').parse(
			(await call('POST', `/sequenceStates/${s.id}/actions/pause`, undefined, `actionParams[autoResumeAt]=${until}`)).body
		).data;
		expect(paused.attributes).toMatchObject({ state: 'paused', autoResumeAt: until });
		// Each write advances the clock by 1 s: three writes later the resume time has passed.
		for (let i = 0; i < 3; i++) await newProspect({ title: `t${i}` });
		const now = RA('sequenceState').parse((await call('GET', `/sequenceStates/${s.id}`)).body).data;
		expect(now.attributes.state).toBe('active');
	});

	it('DELETE removes the state and its scheduled mailing', async () => {
		const { s } = await enrolled();
		expect((await call('DELETE', `/sequenceStates/${s.id}`)).status).toBe(204);
		const t = await state();
		expect(t.sequenceStates.find((x) => x.id === String(s.id))).toBeUndefined();
		expect(t.mailings.filter((m) => m.relationships.sequenceState.data?.id === String(s.id))).toHaveLength(0);
	});

	it('opting a prospect out of email ends its email sequences as opted_out, sets Do Not Contact, and blocks one-off email', async () => {
		const { t, p, s } = await enrolled();
		const res = await call('PATCH', `/prospects/${p}`, { data: { type: 'prospect', id: Number(p), attributes: { emailOptedOut: true } } });
		expect(res.status).toBe(200);
		const after = await state();
		expect(after.sequenceStates.find((x) => x.id === String(s.id))!.attributes.state).toBe('opted_out');
		const stage = after.stages.find((x) => x.id === after.prospects.find((x) => x.id === p)!.relationships.stage.data?.id);
		expect(stage?.attributes.name).toBe('Do Not Contact');
		const mail = {
			data: {
				type: 'mailing',
				attributes: { subject: 'Hi', bodyHtml: '<p>Hi {{first_name}}</p>' },
				relationships: { prospect: rel('prospect', p), mailbox: rel('mailbox', t.mailboxes[0]!.id) }
			}
		};
		expect(await refused(422, 'validationError', () => call('POST', '/mailings', mail))).toMatch(/opted out/);
	});

	it('sequence deactivate disables active states; activate starts pending ones', async () => {
		const { seq, s } = await enrolled();
		const off = RA('sequence').parse((await call('POST', `/sequences/${seq.id}/actions/deactivate`)).body).data;
		expect(off.attributes.enabled).toBe(false);
		expect((await state()).sequenceStates.find((x) => x.id === String(s.id))!.attributes.state).toBe('disabled');
		const p = await newProspect({ title: 'pending' });
		const pend = RA('sequenceState').parse((await call('POST', '/sequenceStates', enrollBody(p, seq.id, (await state()).mailboxes[0]!.id))).body).data;
		expect(pend.attributes.state).toBe('pending');
		await call('POST', `/sequences/${seq.id}/actions/activate`);
		const t = await state();
		expect(t.sequenceStates.find((x) => x.id === String(pend.id))!.attributes.state).toBe('active');
		expect(t.sequenceStates.find((x) => x.id === String(s.id))!.attributes.state).toBe('active');
	});
});

describe('mailings, tasks, calls', () => {
	it('a one-off email with an unresolved variable is refused; a resolved one is delivered', async () => {
		const t = await state();
		const p = await newProspect({ title: null });
		const mail = (body: string) => ({
			data: {
				type: 'mailing',
				attributes: { subject: 'Hello {{first_name}}', bodyHtml: body },
				relationships: { prospect: rel('prospect', p), mailbox: rel('mailbox', t.mailboxes[0]!.id) }
			}
		});
		expect(await refused(422, 'validationError', () => call('POST', '/mailings', mail('<p>As {{title}}…</p>')))).toMatch(/\{\{title\}\}/);
		const res = await call('POST', '/mailings', mail('<p>Hi {{first_name}}</p>'));
		expect(res.status).toBe(201);
		expect(RA('mailing').parse(res.body).data.attributes).toMatchObject({ state: 'delivered', subject: 'Hello Pat', mailingType: 'single' });
	});

	it('a one-off email to a bounced primary address or an opted-out prospect is refused and writes nothing', async () => {
		const t = await state();
		const mail = (prospect: string) => ({
			data: {
				type: 'mailing',
				attributes: { subject: 'Hello', bodyHtml: '<p>Hello</p>' },
				relationships: { prospect: rel('prospect', prospect), mailbox: rel('mailbox', t.mailboxes[0]!.id) }
			}
		});
		const bp = t.prospects.find(
			(p) =>
				!p.attributes.optedOut &&
				!p.attributes.emailOptedOut &&
				t.emailAddresses.some(
					(a) => a.relationships.prospect.data.id === p.id && a.attributes.status === 'bounced' && a.attributes.email === p.attributes.emails[0]
				)
		)!;
		expect(await refused(422, 'validationError', () => call('POST', '/mailings', mail(bp.id)))).toMatch(/has bounced\.$/);
		const out = t.prospects.find((p) => p.attributes.optedOut)!;
		expect(await refused(422, 'validationError', () => call('POST', '/mailings', mail(out.id)))).toMatch(/has opted out of email\.$/);
	});

	it('completing a call task through POST /calls logs the disposition and advances the state', async () => {
		const t = await state();
		const task = t.tasks.find(
			(x) =>
				x.attributes.action === 'call' &&
				x.attributes.state === 'incomplete' &&
				x.relationships.sequenceState.data &&
				t.sequenceStates.find((s) => s.id === x.relationships.sequenceState.data!.id)!.attributes.state === 'active' &&
				t.sequenceStates.find((s) => s.id === x.relationships.sequenceState.data!.id)!.relationships.sequenceStep.data?.id ===
					x.relationships.sequenceStep.data?.id
		)!;
		const prospectId = task.relationships.subject.data.id;
		const prospect = t.prospects.find((x) => x.id === prospectId)!;
		const disp = t.callDispositions.find((d) => d.attributes.name === 'Left Voicemail')!;
		const body = {
			data: {
				type: 'call',
				attributes: { outcome: 'Not Answered', note: 'left vm' },
				relationships: { prospect: rel('prospect', prospectId), task: rel('task', task.id), callDisposition: rel('callDisposition', disp.id) }
			}
		};
		if (prospect.attributes.callOptedOut || prospect.attributes.optedOut) return;
		await refused(422, 'validationError', () => call('POST', '/calls', { ...body, data: { ...body.data, attributes: { outcome: 'Maybe' } } }));
		const mismatch = await refused(422, 'validationError', () =>
			call('POST', '/calls', { ...body, data: { ...body.data, attributes: { outcome: 'Answered', note: 'left vm' } } })
		);
		expect(mismatch).toBe('The disposition "Left Voicemail" is for Not Answered calls, not Answered ones.');
		const res = await call('POST', '/calls', body);
		expect(res.status, JSON.stringify(res.body)).toBe(201);
		const after = await state();
		expect(after.tasks.find((x) => x.id === task.id)!.attributes.state).toBe('complete');
		const s = after.sequenceStates.find((x) => x.id === task.relationships.sequenceState.data!.id)!;
		expect(s.attributes.callCompletedAt).not.toBeNull();
		expect(s.relationships.sequenceStep.data?.id === task.relationships.sequenceStep.data?.id && s.attributes.state === 'active').toBe(false);
		await refused(422, 'validationError', () => call('POST', `/tasks/${task.id}/actions/markComplete`));
	});

	it('snooze moves dueAt a day past the later of now and dueAt; reschedule needs a dueAt', async () => {
		const t = await state();
		const task = t.tasks.find((x) => x.attributes.state !== 'complete')!;
		const res = RA('task').parse((await call('POST', `/tasks/${task.id}/actions/snooze`)).body).data;
		const base = task.attributes.dueAt > t.prospects[0]!.attributes.createdAt ? task.attributes.dueAt : task.attributes.dueAt;
		expect(Date.parse(res.attributes.dueAt) - Math.max(Date.parse(base), Date.parse('2026-03-02T14:30:00.000Z'))).toBe(86_400_000);
		await refused(400, 'badRequest', () => call('POST', `/tasks/${task.id}/actions/reschedule`));
		const r2 = RA('task').parse(
			(await call('POST', `/tasks/${task.id}/actions/reschedule`, undefined, 'actionParams[dueAt]=2026-04-01T09:00:00.000Z')).body
		).data;
		expect(r2.attributes.dueAt).toBe('2026-04-01T09:00:00.000Z');
		const past = await refused(422, 'validationError', () =>
			call('POST', `/tasks/${task.id}/actions/reschedule`, undefined, 'actionParams[dueAt]=2026-03-01T09:00:00.000Z')
		);
		expect(past).toMatch(/^A task cannot be rescheduled into the past/);
		const done = t.tasks.find((x) => x.attributes.state === 'complete')!;
		await refused(422, 'validationError', () => call('POST', `/tasks/${done.id}/actions/snooze`));
		await refused(422, 'validationError', () =>
			call('POST', `/tasks/${done.id}/actions/reschedule`, undefined, 'actionParams[dueAt]=2026-04-01T09:00:00.000Z')
		);
	});
});

describe('DELETE /sequenceStates/{id}: the removed enrollment leaves no dangling reference', () => {
	it('open work is dropped, sent mailings / done tasks keep their history with sequenceState {data: null}, and the export re-imports', async () => {
		const before = await state();
		const withHistory = before.mailings.find(
			(m) => m.relationships.sequenceState?.data && m.attributes.state !== 'scheduled' && m.attributes.state !== 'drafted'
		);
		expect(withHistory).toBeDefined();
		const stateId = withHistory!.relationships.sequenceState!.data!.id;
		const res = await call('DELETE', `/sequenceStates/${stateId}`);
		expect(res.status).toBe(204);
		const after = await state();
		expect(after.sequenceStates.some((s) => s.id === stateId)).toBe(false);
		expect(after.mailings.find((m) => m.id === withHistory!.id)?.relationships.sequenceState).toEqual({ data: null });
		for (const table of ['mailings', 'tasks', 'calls'] as const)
			for (const r of after[table] as { relationships: { sequenceState?: { data: { id: string } | null } } }[])
				expect(r.relationships.sequenceState?.data?.id).not.toBe(stateId);
		const exported = await gym.exportState();
		await expect(gym.importState(exported)).resolves.not.toThrow();
	});
});
