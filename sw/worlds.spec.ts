import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMMUTABLE_CACHE, worldText } from './worlds';

/** A Cache Storage stub: `match` answers `hit`; `put` records the response and settles as `put` says. */
function stubCaches(hit: Response | undefined, put: 'never' | 'reject' | 'resolve') {
	const puts: { url: string; res: Response }[] = [];
	const opened: string[] = [];
	const cache = {
		match: vi.fn(async () => hit),
		put: vi.fn((url: string, res: Response) => {
			puts.push({ url, res });
			if (put === 'never') return new Promise<void>(() => {});
			return put === 'reject' ? Promise.reject(new Error('QuotaExceededError')) : Promise.resolve();
		})
	};
	vi.stubGlobal('caches', { open: vi.fn(async (name: string) => (opened.push(name), cache)) });
	return { cache, puts, opened };
}

describe('sw/worlds worldText', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('a miss fetches past the HTTP cache and answers before the cache write ends; the write holds the same text', async () => {
		const { puts, opened } = stubCaches(undefined, 'never');
		const fetch = vi.fn(async () => new Response('{"seed":1}', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } }));
		vi.stubGlobal('fetch', fetch);
		expect(await worldText('/_app/immutable/assets/world-1.abc.json')).toBe('{"seed":1}');
		expect(opened).toEqual([IMMUTABLE_CACHE]);
		expect(fetch).toHaveBeenCalledWith('/_app/immutable/assets/world-1.abc.json', { credentials: 'same-origin', cache: 'no-store' });
		expect(puts.map((p) => p.url)).toEqual(['/_app/immutable/assets/world-1.abc.json']);
		// The stored copy is the decoded text: it keeps the content type, not the transfer's encoding.
		expect(await puts[0]!.res.text()).toBe('{"seed":1}');
		expect(puts[0]!.res.headers.get('content-type')).toBe('application/json');
		expect(puts[0]!.res.headers.get('content-encoding')).toBeNull();
	});

	it('a hit answers from the cache without the network', async () => {
		stubCaches(new Response('{"cached":true}'), 'resolve');
		const fetch = vi.fn();
		vi.stubGlobal('fetch', fetch);
		expect(await worldText('/w.json')).toBe('{"cached":true}');
		expect(fetch).not.toHaveBeenCalled();
	});

	it('a failed cache write is dropped; an error status throws and stores nothing', async () => {
		const rejected = stubCaches(undefined, 'reject');
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('{}'))
		);
		const unhandled = vi.fn();
		process.on('unhandledRejection', unhandled);
		try {
			expect(await worldText('/w.json')).toBe('{}');
			await new Promise((r) => setTimeout(r, 10));
			expect(rejected.puts).toHaveLength(1);
			expect(unhandled).not.toHaveBeenCalled();
		} finally {
			process.off('unhandledRejection', unhandled);
		}
		const failing = stubCaches(undefined, 'resolve');
		vi.stubGlobal(
			'fetch',
			vi.fn(async () => new Response('gone', { status: 404 }))
		);
		await expect(worldText('/w.json')).rejects.toThrow('GET /w.json answered 404');
		expect(failing.puts).toHaveLength(0);
	});
});
