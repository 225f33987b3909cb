/**
 * `pixel-oracle`: a scripted computer-use agent. It replays a blueprint's oracle, but acts only through the
 * computer-use action space (`harness/pixel.ts`): every element action becomes a `click {x, y}` at the centre
 * of that element's box in the observation's set of marks, a `fill` becomes click + `key ctrl+a` + `key
 * Backspace` + `type` (a date input gets its digits month first, as a person types into its segments), a target below or above the viewport is brought in with `scroll {x, y, dx, dy}`, and
 * `wait_for` becomes `wait` until the axtree shows the awaited element or text. Only `goto` stays as it is (the
 * browser's address bar, which a computer-use agent types into; the env has no browser chrome to click).
 *
 * It proves that the pixel action space is complete for the tasks, and it is the reference client of the
 * observation fields a screenshot agent relies on (`marks`, `viewport`).
 */
import type { Action, Target } from '../blueprints/schema';
import { AgentError, oracleActions, type Agent, type AgentTurn } from './agents';
import { centerOf, type Mark, type PixelAction } from './pixel';

/** How long the agent waits per turn for an awaited element or text, ms. */
export const PIXEL_WAIT_MS = 150;
/** Turns the agent waits for one oracle action's target before it gives up on the task. */
export const PIXEL_MAX_WAITS = 60;

const EDITABLE: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const CHECKABLE: ReadonlySet<string> = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

type TargetFields = Partial<Record<'role' | 'name' | 'label' | 'text' | 'id', string>>;

/** The mark an oracle target addresses: role+name exactly, or a label (an editable/checkable element named so). */
export function findMark(marks: readonly Mark[], t: TargetFields, prefer: ReadonlySet<string> = EDITABLE): Mark | undefined {
	if (t.role !== undefined) return marks.find((m) => m.role === t.role && m.name === (t.name ?? ''));
	if (t.label !== undefined) return marks.find((m) => m.name === t.label && prefer.has(m.role)) ?? marks.find((m) => m.name === t.label);
	return undefined;
}

/** Whether an axtree text shows `role "name"` (a `wait_for {role, name}`) or contains `text` (case-insensitive, a `wait_for {text}`). */
export function axtreeShows(axtree: string, t: Target): boolean {
	if (t.role !== undefined) {
		const head = `- ${t.role} ${JSON.stringify(t.name ?? '')}`;
		return axtree.split('\n').some((line) => {
			const s = line.trimStart();
			return s === head || s.startsWith(`${head} `) || s.startsWith(`${head}:`);
		});
	}
	if (t.text !== undefined) return axtree.toLowerCase().includes(t.text.toLowerCase());
	if (t.label !== undefined) return axtree.includes(JSON.stringify(t.label));
	return false;
}

/**
 * The pixel agent's plan for one oracle action given what it sees: the computer-use actions to send now
 * (possibly several: click, then keys and text), `wait` when the target is not there yet, or `scroll` when
 * it is out of the viewport.
 * @param memo the agent's memory across turns (the last scroll, so that one that moved nothing is not repeated).
 * @returns `{now, advance}`: `advance` false means the same oracle action is tried again next turn.
 * @throws AgentError for an oracle action the pixel space cannot express with the marks it has.
 */
export function pixelPlan(
	action: Action,
	turn: Pick<AgentTurn, 'observation'>,
	memo: { lastScroll?: string } = {}
): { now: (PixelAction | Action)[]; advance: boolean } {
	const { marks, viewport: vp, axtree } = turn.observation;
	if (!marks) throw new AgentError('pixel-oracle needs set-of-marks observations (env option marks: true, CLI --marks)');
	const wait: Action = { wait: { ms: PIXEL_WAIT_MS } };
	if ('goto' in action || 'done' in action || 'wait' in action) return { now: [action], advance: true };
	if ('wait_for' in action) return axtreeShows(axtree, action.wait_for) ? { now: [], advance: true } : { now: [wait], advance: false };
	const target: TargetFields | undefined =
		'click' in action ? action.click : 'fill' in action ? action.fill : 'check' in action ? action.check : 'hover' in action ? action.hover : undefined;
	if (target === undefined) throw new AgentError(`pixel-oracle cannot express ${Object.keys(action)[0]} with coordinates`);
	const mark = findMark(marks, target, 'check' in action ? CHECKABLE : EDITABLE);
	if (!mark || mark.disabled) return { now: [wait], advance: false };
	if (!mark.hittable) {
		const c = centerOf(mark);
		// Clipped inside a scrolling list (a dropdown's options): wheel over that list; else over the page.
		const list =
			mark.role === 'option'
				? marks
						.filter((m) => m.role === 'listbox' && m.hittable && c.x >= m.x && c.x <= m.x + m.width)
						.sort((a, b) => Math.abs(centerOf(a).y - c.y) - Math.abs(centerOf(b).y - c.y))[0]
				: undefined;
		const at = list ? centerOf(list) : { x: Math.min(Math.max(c.x, 1), vp.width - 1), y: Math.round(vp.height / 2) };
		const dy = Math.round(c.y - at.y);
		const key = `${mark.id}@${mark.y}`;
		// A scroll that did not move it (it is covered, not scrolled away): wait for the cover to go instead.
		if (memo.lastScroll === key || Math.abs(dy) < 2) return { now: [wait], advance: false };
		memo.lastScroll = key;
		return { now: [{ scroll: { x: at.x, y: at.y, dx: 0, dy } }], advance: false };
	}
	const at = centerOf(mark);
	if ('check' in action) {
		const want = action.check.checked ?? true;
		return { now: mark.checked === want ? [] : [{ click: at }], advance: true };
	}
	if ('hover' in action) return { now: [{ move: at }], advance: true };
	if ('fill' in action && mark.input_type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(action.fill.value)) {
		// A date input takes its segments as typed digits, month first (en-US mm/dd/yyyy): click the month segment.
		const [y, m, d] = action.fill.value.split('-') as [string, string, string];
		return { now: [{ click: { x: Math.round(mark.x + 12), y: at.y } }, { type: { text: `${m}${d}${y}` } }], advance: true };
	}
	if ('fill' in action) {
		const keys: PixelAction[] = [{ click: at }, { key: { keys: 'ctrl+a' } }, { key: { keys: 'Backspace' } }];
		if (action.fill.value !== '') keys.push({ type: { text: action.fill.value } });
		return { now: keys, advance: true };
	}
	return { now: [{ click: at }], advance: true };
}

/** The built-in `pixel-oracle` agent (see the module doc). It gives up (`done`) after {@link PIXEL_MAX_WAITS} waits on one action. */
export const pixelOracle: Agent = {
	name: 'pixel-oracle',
	observe: { marks: true },
	async start(ctx) {
		const plan = oracleActions(ctx.blueprint);
		let i = 0;
		let waits = 0;
		const memo: { lastScroll?: string } = {};
		const queue: unknown[] = [];
		return {
			async act(turn) {
				if (queue.length > 0) return queue.shift();
				for (;;) {
					const action = plan[i];
					if (action === undefined) return { done: {} };
					const { now, advance } = pixelPlan(action, turn, memo);
					if (advance) {
						i++;
						delete memo.lastScroll;
						waits = 0;
					} else if (++waits > PIXEL_MAX_WAITS) {
						throw new AgentError(`pixel-oracle gave up on oracle action ${i} (${JSON.stringify(action)}): its target never showed`);
					}
					if (now.length === 0) continue;
					queue.push(...now.slice(1));
					return now[0];
				}
			},
			async close() {}
		};
	}
};
