/**
 * Lead and account pages, tags and Connect (the replica's own API), relative to `/api/salesnav`:
 * - `GET /leads/{leadId}` → 200 `{lead, account, lists, notes, thread}`: the lead; its current account (summary);
 *   the lists visible to the seat that hold it; the notes on it (newest first); the seat's thread with it or null;
 *   `teamLink` = the teammates who can introduce the seat (`{seatId, name}` of each TeamLink path but the seat).
 * - `GET /accounts/{accountId}` → 200 `{account, decisionMakers, lists, notes, alerts}`: decision makers are the
 *   account's current leads at Director level or above, most senior first (CXO, Owner / Partner, Vice President,
 *   Director); alerts are the seat's live alerts about the account.
 * - `PUT /leads/{leadId}/tags` {@link PutTagsBody} → 200 the lead (the whole tag set; duplicates kept once).
 * - `POST /leads/{leadId}/invitations` {@link ConnectBody} → 201 the lead with `invitationSentAt` and
 *   `invitationNote`; 409 `ALREADY_CONNECTED` for a 1st-degree connection, 409 `INVITATION_PENDING` when an
 *   invitation is pending; the note ≤300 characters (400).
 * - `POST /leads/{leadId}/introductions` {@link IntroductionBody} → 201 the lead with `introductionRequest`
 *   ("Get introduced": the seat asks a teammate who is a 1st-degree connection of the lead, one of its
 *   `teamLinkPaths`, for an introduction). 403 when TeamLink is off for the seat; 400 a teammate who is not a
 *   path (or the seat itself); 409 `ALREADY_CONNECTED` (1st degree), `INTRODUCTION_PENDING` (asked already).
 * - `POST /leads/{leadId}/views` (no body, or `{}`) → 200 the lead with `viewedAt`: the lead page records that the seat
 *   opened it, as Sales Navigator marks a lead "Viewed" in later search results. The first view writes `viewedAt`
 *   (the run's virtual time) and advances the clock; a later view answers the lead and writes nothing. 404 unknown.
 */
import type { ApiRequest, ApiResponse } from '../../types';
import { ConnectBody, IntroductionBody, PutTagsBody, ViewBody, type Lead, type Seniority } from '../contract';
import type { SalesNavDb } from '../db';
import { visibleTo } from './lists';
import { badRequest, commit, conflict, forbidden, notFound, parseBody, runOf, rw, stampOf } from './common';

/** Seniority rank for "most senior first" (lower = more senior). */
export const SENIORITY_RANK: Record<Seniority, number> = {
	CXO: 0,
	'Owner / Partner': 1,
	'Vice President': 2,
	Director: 3,
	'Experienced Manager': 4,
	'Entry Level Manager': 5,
	Strategic: 6,
	Senior: 7,
	'Entry Level': 8,
	'In Training': 9
};

const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
	a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : Number(b.id) - Number(a.id);

/** `GET /leads/{leadId}`. */
export async function getLead(db: SalesNavDb, _req: ApiRequest, leadId: string): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const lead = await db.leads.get(leadId);
	if (!lead) throw notFound(`Lead ${leadId} does not exist`);
	const account = await db.accounts.get(lead.accountId);
	const see = visibleTo(actor);
	const lists = (await db.leadLists.bulkGet(lead.leadListIds)).filter((l) => !!l && see(l)).map((l) => ({ id: l!.id, name: l!.name }));
	const notes = (await db.notes.toArray()).filter((n) => n.leadId === leadId).sort(newestFirst);
	const thread = (await db.inmailThreads.toArray()).find((t) => t.seatId === actor && t.leadId === leadId) ?? null;
	const teammates = (await db.seats.bulkGet(lead.teamLinkPaths.filter((s) => s !== actor))).filter((s) => !!s);
	const teamLink = teammates.map((s) => ({ seatId: s!.id, name: s!.name }));
	return {
		status: 200,
		body: {
			lead,
			account: account ? { accountId: account.accountId, name: account.name, industry: account.industry, headcount: account.headcount, hq: account.hq } : null,
			lists,
			notes,
			thread,
			teamLink
		}
	};
}

/** `GET /accounts/{accountId}`. */
export async function getAccount(db: SalesNavDb, _req: ApiRequest, accountId: string): Promise<ApiResponse> {
	const { actor } = await runOf(db);
	const account = await db.accounts.get(accountId);
	if (!account) throw notFound(`Account ${accountId} does not exist`);
	const leads = (await db.leads.toArray()).filter((l) => l.accountId === accountId);
	const decisionMakers = leads
		.filter((l) => SENIORITY_RANK[l.seniority] <= SENIORITY_RANK.Director)
		.sort((a, b) => SENIORITY_RANK[a.seniority] - SENIORITY_RANK[b.seniority] || a.lastName.localeCompare(b.lastName, 'en') || (a.leadId < b.leadId ? -1 : 1));
	const see = visibleTo(actor);
	const lists = (await db.accountLists.bulkGet(account.accountListIds)).filter((l) => !!l && see(l)).map((l) => ({ id: l!.id, name: l!.name }));
	const notes = (await db.notes.toArray()).filter((n) => n.accountId === accountId).sort(newestFirst);
	const alerts = (await db.alerts.toArray()).filter((a) => a.seatId === actor && !a.dismissed && a.accountId === accountId).sort(newestFirst);
	return { status: 200, body: { account, decisionMakers, employeesInSalesNavigator: leads.length, lists, notes, alerts } };
}

/** `PUT /leads/{leadId}/tags`. */
export async function putTags(db: SalesNavDb, req: ApiRequest, leadId: string): Promise<ApiResponse> {
	const body = parseBody(PutTagsBody, req.body);
	const tags = [...new Set(body.tags)];
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const lead = await db.leads.get(leadId);
		if (!lead) throw notFound(`Lead ${leadId} does not exist`);
		if (JSON.stringify(lead.tags) === JSON.stringify(tags)) return { status: 200, body: lead };
		const next: Lead = { ...lead, tags };
		await db.leads.put(next);
		await commit(db, stamp, req, 200, 'leads', [leadId]);
		return { status: 200, body: next };
	});
}

/**
 * `POST /leads/{leadId}/views`: marks the lead viewed by the seat (first view only).
 * @returns 200 the lead (with `viewedAt`, UTC ISO-8601 of the first view).
 * @throws ApiError 400 a body with any key (the body is empty or `{}`); 404 the lead does not exist.
 */
export async function viewLead(db: SalesNavDb, req: ApiRequest, leadId: string): Promise<ApiResponse> {
	parseBody(ViewBody, req.body ?? {});
	return rw(db, async () => {
		const lead = await db.leads.get(leadId);
		if (!lead) throw notFound(`Lead ${leadId} does not exist`);
		if (lead.viewedAt) return { status: 200, body: lead };
		const stamp = await stampOf(db);
		const next: Lead = { ...lead, viewedAt: stamp.at };
		await db.leads.put(next);
		await commit(db, stamp, req, 200, 'leads', [leadId]);
		return { status: 200, body: next };
	});
}

/**
 * `POST /leads/{leadId}/introductions` ("Get introduced", LinkedIn Help "TeamLink in Sales Navigator": a teammate
 * connected to the lead can introduce you).
 * @returns 201 the lead with `introductionRequest {teammateSeatId, message, requestedAt}` (the virtual time).
 * @throws ApiError 400 bad body or a teammate who is not one of the lead's TeamLink paths; 403 TeamLink off for
 *   the seat; 404 unknown lead; 409 `ALREADY_CONNECTED`, `INTRODUCTION_PENDING`. A refusal writes nothing.
 */
export async function requestIntroduction(db: SalesNavDb, req: ApiRequest, leadId: string): Promise<ApiResponse> {
	const body = parseBody(IntroductionBody, req.body);
	return rw(db, async () => {
		const { actor } = await runOf(db);
		const lead = await db.leads.get(leadId);
		if (!lead) throw notFound(`Lead ${leadId} does not exist`);
		const name = `${lead.firstName} ${lead.lastName}`;
		const seat = await db.seats.get(actor);
		if (!seat?.teamLinkEnabled) throw forbidden('TeamLink is turned off for your seat');
		if (lead.degree === '1st') throw conflict('ALREADY_CONNECTED', `You're already connected to ${name}`);
		const teammate = body.teammateSeatId === actor ? undefined : await db.seats.get(body.teammateSeatId);
		if (!teammate || !lead.teamLinkPaths.includes(teammate.id)) throw badRequest(`${teammate?.name ?? 'This teammate'} can't introduce you to ${name}`);
		if (lead.introductionRequest) throw conflict('INTRODUCTION_PENDING', `You already asked for an introduction to ${name}`);
		const stamp = await stampOf(db);
		const next: Lead = { ...lead, introductionRequest: { teammateSeatId: teammate.id, message: body.message, requestedAt: stamp.at } };
		await db.leads.put(next);
		await commit(db, stamp, req, 201, 'leads', [leadId]);
		return { status: 201, body: next };
	});
}

/** `POST /leads/{leadId}/invitations`. */
export async function connect(db: SalesNavDb, req: ApiRequest, leadId: string): Promise<ApiResponse> {
	const body = parseBody(ConnectBody, req.body ?? {});
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const lead = await db.leads.get(leadId);
		if (!lead) throw notFound(`Lead ${leadId} does not exist`);
		const name = `${lead.firstName} ${lead.lastName}`;
		if (lead.degree === '1st') throw conflict('ALREADY_CONNECTED', `You're already connected to ${name}`);
		if (lead.invitationSentAt) throw conflict('INVITATION_PENDING', `Your invitation to ${name} is pending`);
		const note = body.note?.trim() || null;
		const next: Lead = { ...lead, invitationSentAt: stamp.at, invitationNote: note };
		await db.leads.put(next);
		await commit(db, stamp, req, 201, 'leads', [leadId]);
		return { status: 201, body: next };
	});
}
