/**
 * The Dockerfile, checked without Docker (not available on the development machines): parsed with
 * dockerfile-ast and linted with dockerfile-utils (the validator of the VS Code Docker extension); every COPY
 * source exists (context sources in the repo and not excluded by .dockerignore; `--from=build` sources in
 * the build output); and the build stage's sources alone suffice: they are copied into an empty folder that
 * is built there, as `docker build` would. Runs in the e2e stage because it needs `build/`.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import dockerignore from '@balena/dockerignore';
import dockerfileAst from 'dockerfile-ast';
import dockerfileUtils from 'dockerfile-utils';
import { DEPLOYABLE_PLATFORMS } from '../../gyms/deployment';
import { pageFetch, pageJson, waitForSwReady } from '../../harness/page';
import { ensureNginx, NGINX_PORT, startNginx } from './nginx';
import { expect, test } from './fixtures';

const REPO = resolve(import.meta.dirname, '../..');
const TEXT = readFileSync(join(REPO, 'Dockerfile'), 'utf8');

/** One COPY of the Dockerfile, with its stage and the WORKDIR it runs in. */
interface CopyStep {
	stage: string;
	from: string | null;
	sources: string[];
	dest: string;
	workdir: string;
}

function parse() {
	const file = dockerfileAst.DockerfileParser.parse(TEXT);
	const copies: CopyStep[] = [];
	const stages: { name: string; image: string; keywords: string[] }[] = [];
	let workdir = '/';
	for (const instruction of file.getInstructions()) {
		const keyword = instruction.getKeyword();
		const args = instruction.getArguments().map((a) => a.getValue());
		if (keyword === 'FROM') {
			stages.push({ name: args[2] ?? String(stages.length), image: args[0] ?? '', keywords: [] });
			workdir = '/';
			continue;
		}
		const stage = stages.at(-1);
		if (!stage) continue; // global ARGs before the first FROM
		stage.keywords.push(keyword);
		if (keyword === 'WORKDIR') workdir = posix.resolve(workdir, args[0] ?? '/');
		if (keyword === 'COPY') {
			const flags = (instruction as unknown as { getFlags(): { getName(): string; getValue(): string | null }[] }).getFlags();
			const paths = args.filter((a) => !a.startsWith('--'));
			copies.push({
				stage: stage.name,
				from: flags.find((f) => f.getName() === 'from')?.getValue() ?? null,
				sources: paths.slice(0, -1),
				dest: paths.at(-1)!,
				workdir
			});
		}
	}
	return { stages, copies };
}

test('the Dockerfile lints clean (dockerfile-utils) and has two stages: a Node build and a non-root nginx image with a healthcheck', () => {
	const diagnostics = dockerfileUtils.validate(TEXT);
	expect(diagnostics.map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
	const { stages } = parse();
	expect(stages.map((s) => s.name)).toEqual(['build', '1']);
	const [build, final] = stages as [(typeof stages)[0], (typeof stages)[0]];
	expect(build.image).toBe('${NODE_IMAGE}');
	expect(TEXT).toMatch(/^ARG NODE_IMAGE=node:20[.\d]*-bookworm-slim$/m);
	expect(TEXT).toMatch(/^ARG NGINX_IMAGE=nginx:[\d.]+-alpine-slim$/m);
	for (const k of ['USER', 'HEALTHCHECK', 'ENTRYPOINT', 'EXPOSE']) expect(final.keywords, k).toContain(k);
	expect(TEXT).toMatch(/^USER nginx$/m);
	expect(TEXT).toMatch(/^EXPOSE 8080$/m);
	expect(TEXT).toMatch(/SALESGYM_LISTEN=8080/);
	// The deployment selector reaches both stages: the bundle (build) and the nginx rules (entrypoint).
	expect(TEXT.match(/^ARG SALESGYM_PLATFORM=all$/gm)).toHaveLength(2);
	const compose = readFileSync(join(REPO, 'docker-compose.yml'), 'utf8');
	for (const [i, p] of ['all', ...DEPLOYABLE_PLATFORMS].entries()) {
		expect(compose).toContain(`SALESGYM_PLATFORM: ${p}`);
		expect(compose).toMatch(new RegExp(`['"]${8080 + i}:8080['"]`)); // a quoted YAML string, either quote (Prettier writes '…')
	}
});

test('every COPY source exists: context sources in the repo and kept by .dockerignore, --from=build sources after the build', () => {
	const ignore = dockerignore().add(readFileSync(join(REPO, '.dockerignore'), 'utf8').split('\n'));
	const { copies } = parse();
	expect(copies.length).toBeGreaterThan(5);
	for (const copy of copies) {
		for (const source of copy.sources) {
			if (copy.from === null) {
				const rel = posix.normalize(source).replace(/\/$/, '');
				expect(existsSync(join(REPO, rel)), `COPY ${source}`).toBe(true);
				expect(ignore.ignores(rel), `COPY ${source} is excluded by .dockerignore`).toBe(false);
				if (statSync(join(REPO, rel)).isDirectory()) {
					const kept = readdirSync(join(REPO, rel), { recursive: true, encoding: 'utf8' }).filter((f) => !ignore.ignores(posix.join(rel, f)));
					expect(kept.length, `COPY ${source}: .dockerignore leaves nothing`).toBeGreaterThan(0);
				}
			} else {
				expect(copy.from).toBe('build');
				const workdir = copies.find((c) => c.stage === 'build')!.workdir;
				const rel = posix.relative(workdir, source);
				expect(rel.startsWith('..'), `${source} is outside the build stage's WORKDIR ${workdir}`).toBe(false);
				expect(existsSync(join(REPO, rel, 'index.html')), `COPY --from=build ${source}: run npm run build`).toBe(true);
				expect(existsSync(join(REPO, rel, 'service-worker.js'))).toBe(true);
			}
		}
	}
	// The image's entrypoint and templates are the ones the nginx test runs.
	expect(copies.map((c) => c.sources.join(' '))).toEqual(expect.arrayContaining(['deploy/nginx/', 'deploy/entrypoint.sh', '/app/build']));

	// What the image would hold: the bundle, raw and gzipped (each file alone, level 9), printed for the README.
	let raw = 0;
	let gz = 0;
	const build = join(REPO, 'build');
	for (const f of readdirSync(build, { recursive: true, encoding: 'utf8' })) {
		const path = join(build, f);
		if (!statSync(path).isFile()) continue;
		const bytes = readFileSync(path);
		raw += bytes.byteLength;
		gz += gzipSync(bytes, { level: 9 }).byteLength;
	}
	console.log(`dockerfile test: static bundle ${(raw / 1e6).toFixed(2)} MB raw, ${(gz / 1e6).toFixed(2)} MB gzipped (per file, -9)`);
	expect(raw).toBeLessThan(20e6); // the image's 40 MB budget minus the nginx base image
});

test('the build stage builds from its COPY sources alone; a misspelt platform fails; the standalone salesnav bundle, behind its nginx, serves only salesnav', async ({
	browser
}) => {
	test.setTimeout(300_000);
	const ctx = mkdtempSync(join(tmpdir(), 'salesgym-docker-ctx-'));
	try {
		for (const copy of parse().copies.filter((c) => c.stage === 'build' && c.from === null)) {
			for (const source of copy.sources) cpSync(join(REPO, source), join(ctx, source), { recursive: true });
		}
		symlinkSync(join(REPO, 'node_modules'), join(ctx, 'node_modules'));
		const vite = join(REPO, 'node_modules/.bin/vite');
		const bad = spawnSync(vite, ['build'], { cwd: ctx, encoding: 'utf8', env: { ...process.env, SALESGYM_PLATFORM: 'hubspt' }, timeout: 120_000 });
		expect(bad.status).not.toBe(0);
		expect(bad.stdout + bad.stderr).toContain('SALESGYM_PLATFORM="hubspt" is not a deployment');
		const good = spawnSync(vite, ['build'], { cwd: ctx, encoding: 'utf8', env: { ...process.env, SALESGYM_PLATFORM: 'salesnav' }, timeout: 200_000 });
		expect(good.status, good.stdout.slice(-2000) + good.stderr.slice(-2000)).toBe(0);
		expect(existsSync(join(ctx, 'build/index.html'))).toBe(true);
		// The platform is baked into the Service Worker: the selector is called with the literal at build time
		// (`parseDeployment("salesnav")` after minification), where the combined build has "all".
		const literalCall = (name: string) => new RegExp(`\\((["'\`])${name}\\1\\)`);
		expect(readFileSync(join(ctx, 'build/service-worker.js'), 'utf8')).toMatch(literalCall('salesnav'));
		expect(readFileSync(join(ctx, 'build/service-worker.js'), 'utf8')).not.toMatch(literalCall('all'));
		expect(readFileSync(join(REPO, 'build/service-worker.js'), 'utf8')).toMatch(literalCall('all'));

		// Behind nginx as the image runs it: the SW serves salesnav only (no HubSpot API, no HubSpot-only task).
		const found = ensureNginx();
		if ('skip' in found) {
			console.log(`dockerfile test: standalone bundle not served, nginx unavailable: ${found.skip}`);
			return;
		}
		const nginx = await startNginx({ bin: found.bin, port: NGINX_PORT + 2, platform: 'salesnav', root: join(ctx, 'build') });
		const context = await browser.newContext({ baseURL: nginx.url });
		try {
			const page = await context.newPage();
			await page.goto('/');
			await waitForSwReady(page);
			const { tasks } = (await pageJson(page, 'GET', '/__salesgym/tasks')) as { tasks: { id: string; platforms: string[] }[] };
			expect(tasks.every((t) => t.platforms.includes('salesnav'))).toBe(true);
			expect(tasks.map((t) => t.id)).not.toContain('hubspot/inbound-demo-request-v1');
			const run = (await pageJson(page, 'POST', '/__salesgym/run', {})) as { counts: Record<string, unknown> };
			expect(Object.keys(run.counts)).not.toContain('hubspot');
			const api = await pageFetch(page, { method: 'GET', path: '/api/hubspot/crm/v3/owners' });
			expect(api.status).toBe(404);
			expect(api.text).toContain('no gym named \\"hubspot\\"');
			if (Object.keys(run.counts).length === 0) {
				// No salesnav gym in this checkout yet: the deployment serves no gym, so there is nothing to publish.
				expect((await pageFetch(page, { method: 'POST', path: '/__salesgym/publish', body: '{}' })).status).toBe(409);
			} else {
				const published = (await pageJson(page, 'POST', '/__salesgym/publish', {})) as { published: { gym: string }[] };
				expect(published.published.map((p) => p.gym)).toEqual(['salesnav']);
			}
			const put = await fetch(`${nginx.url}/state/x/hubspot.json`, { method: 'PUT', body: '{}' });
			expect(put.status).toBe(403);
			expect(await (await fetch(`${nginx.url}/healthz`)).json()).toEqual({ status: 'ok', deployment: 'salesnav' });
		} finally {
			await context.close();
			await nginx.stop();
		}
	} finally {
		rmSync(ctx, { recursive: true, force: true });
	}
});
