// The tiny policy shared by the two example agents (stdio-agent.mjs, http-agent.mjs). Plain Node, no deps.
//
// A turn is {episode, task_id, step, observation: {url, title, axtree, prompt, tabs}, error}; the answer is
// one action of the blueprint vocabulary, e.g. {"click": {"id": "e1a2b3c4"}} or {"done": {}}.
//
// With a script (a JSON array of actions) the policy replays it, then answers {"done": {}}. Without one it
// shows how to read the axtree: it finds the search box ("- searchbox "…" [id=e…]"), types the first e-mail
// address of the prompt into it, and then says done.
import { readFileSync } from 'node:fs';

/**
 * @param {{script?: string}} options script: path of a JSON file holding an array of actions.
 * @returns {(turn: any) => object} a function from a turn to the next action (state kept in the closure).
 */
export function createPolicy(options = {}) {
	const script = options.script ? JSON.parse(readFileSync(options.script, 'utf8')) : null;
	let i = 0;
	let typed = false;
	return (turn) => {
		if (script) return script[i++] ?? { done: {} };
		if (!typed) {
			typed = true;
			const box = /- searchbox "[^"]*" \[id=(e[0-9a-f]{8})\]/.exec(turn.observation.axtree);
			const email = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(turn.observation.prompt);
			if (box && email) return { fill: { id: box[1], value: email[0] } };
		}
		return { done: {} };
	};
}

/** `--script FILE` from argv, or undefined. */
export function scriptArg(argv = process.argv) {
	const i = argv.indexOf('--script');
	return i >= 0 ? argv[i + 1] : undefined;
}
