import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';
import { readSetupFields } from './blueprints/setup-fields.js';
import { parseDeployment, parseStateOrigin } from './gyms/deployment.js';
import { projectionId } from './seeds/projection-id.js';
import { checkTaskSetups } from './blueprints/setups.js';
import { checkShippedWorlds, seedIndex } from './seeds/check-worlds.js';
import { ensurePrebuiltProjections } from './seeds/prebuilt-files.js';

// The bundle takes the task setups without their schema (blueprints/setups.ts), and what it knows of the seed worlds
// from them, validated first (seeds/index.ts).
checkShippedWorlds(new URL('./seeds', import.meta.url).pathname);
const taskSetups = readSetupFields(new URL('./blueprints', import.meta.url).pathname);
checkTaskSetups(taskSetups);
// The gyms' seed projections, computed here and shipped as files (gyms/kit/prebuilt.ts); written again only when an
// input changed (seeds/prebuilt-files.ts).
const root = new URL('.', import.meta.url).pathname;
const id = projectionId(root);
ensurePrebuiltProjections(root, id);

export default defineConfig({
	plugins: [sveltekit()],
	// Deployment selector (gyms/deployment.ts, README "Deployment"): `SALESGYM_PLATFORM=all|hubspot|…` and
	// `SALESGYM_STATE_ORIGIN`, validated here. Kit passes `define` on to the Service Worker build too.
	define: {
		__SALESGYM_PLATFORM__: JSON.stringify(parseDeployment(process.env.SALESGYM_PLATFORM)),
		__SALESGYM_STATE_ORIGIN__: JSON.stringify(parseStateOrigin(process.env.SALESGYM_STATE_ORIGIN)),
		// What the Service Worker knows of each task: its setup, never its steps (blueprints/setups.ts).
		__SALESGYM_TASK_SETUPS__: JSON.stringify(taskSetups),
		// What the gyms' projections depend on (seeds/projection-id.ts): a database loaded by a build of another identity
		// reloads at its next reset.
		__SALESGYM_PROJECTION_ID__: JSON.stringify(id),
		// The Service Worker holds no seed world (seeds/index.ts): its gyms read prebuilt projections, and each seed's
		// epoch and team users come from this index.
		__SALESGYM_WORLDS__: JSON.stringify('none'),
		__SALESGYM_SEED_INDEX__: JSON.stringify(seedIndex(new URL('./seeds', import.meta.url).pathname))
	},
	// Module workers: needed for `import()` inside the verifier worker (stack-notes pitfall 5).
	worker: { format: 'es' }
});
