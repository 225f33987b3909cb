/**
 * A blueprint that `build/` does not bundle (added or renamed after the build) is a clear usage error from the
 * runner, raised on the first try: not an infrastructure error retried and then recorded as `infra_error`.
 */
import { agentByName } from '../../harness/agents';
import { loadBlueprints } from '../../harness/blueprints';
import { TaskNotInBuildError } from '../../harness/build-check';
import { runEpisodes } from '../../harness/runner';
import { expect, test } from './fixtures';

test('a task missing from the build fails the run at once with what to run', async ({ browser, baseURL }) => {
	const known = loadBlueprints().find((b) => b.id === 'hubspot/update-lead-status-v1')!;
	const unbuilt = { ...known, id: 'hubspot/not-in-the-build-v1' };
	let tries = 0;
	const browsers = { get: async () => (tries++, browser) };
	const err = await runEpisodes({ agent: agentByName('oracle'), blueprints: [unbuilt], baseUrl: baseURL!, browsers, retries: 2 }).catch((e: unknown) => e);
	expect(err).toBeInstanceOf(TaskNotInBuildError);
	expect((err as Error).message).toMatch(/build\/ has no task "hubspot\/not-in-the-build-v1".*npm run build/);
	// One try: the runner takes a browser per try, and retries only infrastructure errors.
	expect(tries).toBe(1);
});
