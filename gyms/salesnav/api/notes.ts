/**
 * Notes on leads and accounts (the replica's own API), relative to `/api/salesnav`:
 * - `GET /notes?leadId=…` or `?accountId=…` → 200 `{elements: [Note], total}`, newest first. Notes are visible to
 *   co-workers (LinkedIn Help "Relationship Maps": notes "are visible to your co-workers").
 * - `POST /notes` {@link CreateNoteBody} → 201 `Note`; exactly one of `leadId` / `accountId` (400), which must
 *   exist (404); text 1–1,000 characters (400).
 * - `PATCH /notes/{id}` `{text}` → 200; `DELETE /notes/{id}` → 204. Only the author edits or deletes (403).
 */
import { nextId } from '../../kit/write';
import type { ApiRequest, ApiResponse } from '../../types';
import { CreateNoteBody, UpdateNoteBody, type Note } from '../contract';
import type { SalesNavDb } from '../db';
import { badRequest, commit, forbidden, notFound, parseBody, runOf, rw, stampOf } from './common';

const newestFirst = (a: Note, b: Note) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : Number(b.id) - Number(a.id));

/** `GET /notes`. */
export async function listNotes(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	await runOf(db);
	const leadId = req.query.get('leadId');
	const accountId = req.query.get('accountId');
	if ((leadId === null) === (accountId === null)) throw badRequest('Give exactly one of leadId and accountId');
	const elements = (await db.notes.toArray()).filter((n) => (leadId ? n.leadId === leadId : n.accountId === accountId)).sort(newestFirst);
	return { status: 200, body: { elements, total: elements.length } };
}

/** `POST /notes`. */
export async function createNote(db: SalesNavDb, req: ApiRequest): Promise<ApiResponse> {
	const body = parseBody(CreateNoteBody, req.body);
	if ((body.leadId === undefined) === (body.accountId === undefined)) throw badRequest('A note belongs to exactly one lead or one account');
	return rw(db, async () => {
		const stamp = await stampOf(db);
		if (body.leadId && !(await db.leads.get(body.leadId))) throw notFound(`Lead ${body.leadId} does not exist`);
		if (body.accountId && !(await db.accounts.get(body.accountId))) throw notFound(`Account ${body.accountId} does not exist`);
		const note: Note = {
			id: nextId(stamp, 'notes'),
			authorSeatId: stamp.meta.actor,
			leadId: body.leadId ?? null,
			accountId: body.accountId ?? null,
			text: body.text,
			createdAt: stamp.at,
			updatedAt: stamp.at
		};
		await db.notes.add(note);
		await commit(db, stamp, req, 201, 'notes', [note.id]);
		return { status: 201, body: note };
	});
}

/** The note `id`, authored by `actor`, or the 404 / 403. */
async function authored(db: SalesNavDb, actor: string, id: string): Promise<Note> {
	const n = await db.notes.get(id);
	if (!n) throw notFound(`Note ${id} does not exist`);
	if (n.authorSeatId !== actor) throw forbidden('Only the author of a note can change it');
	return n;
}

/** `PATCH /notes/{id}`. */
export async function updateNote(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	const body = parseBody(UpdateNoteBody, req.body);
	return rw(db, async () => {
		const stamp = await stampOf(db);
		const n = await authored(db, stamp.meta.actor, id);
		if (n.text === body.text) return { status: 200, body: n };
		const next = { ...n, text: body.text, updatedAt: stamp.at };
		await db.notes.put(next);
		await commit(db, stamp, req, 200, 'notes', [id]);
		return { status: 200, body: next };
	});
}

/** `DELETE /notes/{id}`. */
export async function deleteNote(db: SalesNavDb, req: ApiRequest, id: string): Promise<ApiResponse> {
	return rw(db, async () => {
		const stamp = await stampOf(db);
		await authored(db, stamp.meta.actor, id);
		await db.notes.delete(id);
		await commit(db, stamp, req, 204, 'notes', [id]);
		return { status: 204 };
	});
}
