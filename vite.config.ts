import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';
import { readSetupFields } from './blueprints/setup-fields.js';
import { parseDeployment, parseStateOrigin } from './gyms/deployment.js';
import { projectionId } from './seeds/projection-id.js';
import { checkTaskSetups } from './blueprints/setups.js';
import { checkShippedWorlds } from './seeds/check-worlds.js';

// The bundle takes the seed worlds' text and the task setups without their schemas (seeds/index.ts,
// blueprints/setups.ts): every build validates them first.
checkShippedWorlds(new URL('./seeds', import.meta.url).pathname);
const taskSetups = readSetupFields(new URL('./blueprints', import.meta.url).pathname);
checkTaskSetups(taskSetups);

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
		__SALESGYM_PROJECTION_ID__: JSON.stringify(projectionId(new URL('.', import.meta.url).pathname)),
		// The seed worlds are files the Service Worker fetches, not text in its script (seeds/index.ts).
		__SALESGYM_WORLDS__: JSON.stringify('fetch')
	},
	// Module workers: needed for `import()` inside the verifier worker (stack-notes pitfall 5).
	worker: { format: 'es' }
});
