import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMMUTABLE_CACHE, immutableText, storeFetchedFiles } from './immutable';

/** A Cache Storage stub: `match` answers `hit`; `put` records the response and resolves or rejects as `put` says. */
function stubCaches(hit: Response | undefined, put: 'reject' | 'resolve') {
	const puts: { url: string; res: Response }[] = [];
	const opened: string[] = [];
	const cache = {
		match: vi.fn(async () => hit),
		put: vi.fn((url: string, res: Response) => {
			puts.push({ url, res });
			return put === 'reject' ? Promise.reject(new Error('QuotaExceededError')) : Promise.resolve();
		})
	};
	vi.stubGlobal('caches', { open: vi.fn(async (name: string) => (opened.push(name), cache)) });
	return { cache, puts, opened };
}

describe('sw/immutable immutableText', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('a miss fetches past the HTTP cache and answers without writing the cache; the warm-up stores the same bytes once', async () => {
		const { cache, puts, opened } = stubCaches(undefined, 'resolve');
		const fetch = vi.fn(async () => new Response('{"seed":1}', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }));
		vi.stubGlobal('fetch', fetch);
		expect(await immutableText('/_app/immutable/assets/world-1.abc.json')).toBe('{"seed":1}');
		expect(opened).toEqual([IMMUTABLE_CACHE]);
		expect(fetch).toHaveBeenCalledWith('/_app/immutable/assets/world-1.abc.json', { credentials: 'same-origin', cache: 'no-store' });
		expect(puts).toHaveLength(0);
		expect(await storeFetchedFiles(cache as unknown as Cache)).toBe(1);
		expect(puts.map((p) => p.url)).toEqual(['/_app/immutable/assets/world-1.abc.json']);
		// The stored copy is the decoded bytes: it keeps the content type, not the transfer's encoding.
		expect(await puts[0]!.res.text()).toBe('{"seed":1}');
		expect(puts[0]!.res.headers.get('content-type')).toBe('application/json');
		expect(puts[0]!.res.headers.get('content-encoding')).toBeNull();
		expect(await storeFetchedFiles(cache as unknown as Cache)).toBe(0);
	});

	it('a hit answers from the cache without the network', async () => {
		stubCaches(new Response('{"cached":true}'), 'resolve');
		const fetch = vi.fn();
		vi.stubGlobal('fetch', fetch);
		expect(await immutableText('/w.json')).toBe('{"cached":true}');
		expect(fetch).not.toHaveBeenCalled();
	});

	it('a failed cache write throws to the warm-up and drops the bytes; an error status throws and keeps nothing', async () => {
		const rejected = stubCaches(undefined, 'reject');
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('{}'))
		);
		expect(await immutableText('/w.json')).toBe('{}');
		await expect(storeFetchedFiles(rejected.cache as unknown as Cache)).rejects.toThrow('QuotaExceededError');
		expect(await storeFetchedFiles(rejected.cache as unknown as Cache)).toBe(0);
		const failing = stubCaches(undefined, 'resolve');
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('gone', { status: 404 }))
		);
		await expect(immutableText('/w.json')).rejects.toThrow('GET /w.json answered 404');
		expect(await storeFetchedFiles(failing.cache as unknown as Cache)).toBe(0);
	});
});
