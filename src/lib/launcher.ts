/**
 * Pure helpers of the launcher page (the offline demo at `/`): product names of the gyms, where a task
 * opens, and the task filters (platform, tier, category, text) with their per-option counts.
 * No DOM, no fetch: the page owns the state, these functions compute from it.
 */
import type { Platform } from '$blueprints/schema';
import type { TaskSummary } from './run-control';

/**
 * Product name of each gym, spelled as the vendor spells it (HubSpot, Outreach, Calendly, LinkedIn's
 * "Sales Navigator"). The key order is the order the launcher lists platforms in.
 */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
	hubspot: 'HubSpot',
	outreach: 'Outreach',
	calendly: 'Calendly',
	salesnav: 'Sales Navigator'
};

/** Every gym name, in {@link PLATFORM_NAMES} order. */
export const PLATFORM_ORDER = Object.keys(PLATFORM_NAMES) as Platform[];

/** Task tiers: how many platforms (tools) a task spans, 1 to 4. */
export const TIERS = [1, 2, 3, 4] as const;
export type Tier = (typeof TIERS)[number];

/** Task categories of the blueprint schema. */
export const CATEGORIES = ['inbound', 'outbound'] as const satisfies readonly TaskSummary['category'][];

/** Display label of a category ("Inbound", "Outbound"). */
export function categoryLabel(category: TaskSummary['category']): string {
	return category === 'inbound' ? 'Inbound' : 'Outbound';
}

/** "1 tool", "2 tools", …: the label of a tier. */
export function tierLabel(tier: number): string {
	return tier === 1 ? '1 tool' : `${tier} tools`;
}

/** The tier of a task: the number of distinct platforms it spans (1..4). */
export function tierOf(task: Pick<TaskSummary, 'platforms'>): number {
	return new Set(task.platforms).size;
}

/**
 * The platform a task opens on: the gym named by the first segment of its `start_path`
 * (`/hubspot/contacts` → `hubspot`), else its first platform (`platforms[0]`).
 */
export function openPlatform(task: Pick<TaskSummary, 'platforms' | 'start_path'>): Platform {
	const first = task.start_path.split(/[/?#]/)[1] ?? '';
	const named = PLATFORM_ORDER.find((p) => p === first);
	return named ?? task.platforms[0] ?? 'hubspot';
}

/** Accessible name of the launcher's link to where a task starts: "Open HubSpot", "Open Sales Navigator". */
export function openLabel(platform: Platform): string {
	return `Open ${PLATFORM_NAMES[platform]}`;
}

/** The launcher's filters; `''` / `null` means "any". */
export interface TaskFilter {
	/** Case-insensitive text matched against the title, id, goal and business function. */
	text: string;
	/** Only tasks that include this platform. */
	platform: Platform | '';
	/** Only tasks that span exactly this many platforms. */
	tier: Tier | null;
	/** Only tasks of this category. */
	category: TaskSummary['category'] | '';
}

/** The filter that lets every task through. */
export const NO_FILTER: TaskFilter = { text: '', platform: '', tier: null, category: '' };

/** True when `filter` narrows anything (some field differs from {@link NO_FILTER}). */
export function isFiltering(filter: TaskFilter): boolean {
	return filter.text.trim() !== '' || filter.platform !== '' || filter.tier !== null || filter.category !== '';
}

/** True when `task` passes every field of `filter` (the fields combine with AND). */
export function matches(task: TaskSummary, filter: TaskFilter): boolean {
	if (filter.platform !== '' && !task.platforms.includes(filter.platform)) return false;
	if (filter.tier !== null && tierOf(task) !== filter.tier) return false;
	if (filter.category !== '' && task.category !== filter.category) return false;
	const words = filter.text.trim().toLowerCase().split(/\s+/).filter(Boolean);
	if (words.length === 0) return true;
	const haystack = [task.title, task.id, task.goal, task.business_function].join('\n').toLowerCase();
	return words.every((w) => haystack.includes(w));
}

/** The tasks that pass `filter`, in catalogue order. */
export function filterTasks(tasks: readonly TaskSummary[], filter: TaskFilter): TaskSummary[] {
	return tasks.filter((t) => matches(t, filter));
}

/** Per-option counts of each filter, each computed with the other filters applied (faceted counts). */
export interface FacetCounts {
	/** Tasks passing every filter but the platform one: `any`, then one count per platform. */
	platform: { any: number } & Record<Platform, number>;
	/** Tasks passing every filter but the tier one: `any`, then one count per tier (keys 1..4). */
	tier: { any: number } & Record<Tier, number>;
	/** Tasks passing every filter but the category one. */
	category: { any: number } & Record<TaskSummary['category'], number>;
}

/** Counts for the options of every filter (see {@link FacetCounts}). */
export function facetCounts(tasks: readonly TaskSummary[], filter: TaskFilter): FacetCounts {
	const count = (f: TaskFilter) => tasks.reduce((n, t) => n + (matches(t, f) ? 1 : 0), 0);
	const platform = { any: count({ ...filter, platform: '' }) } as FacetCounts['platform'];
	for (const p of PLATFORM_ORDER) platform[p] = count({ ...filter, platform: p });
	const tier = { any: count({ ...filter, tier: null }) } as FacetCounts['tier'];
	for (const t of TIERS) tier[t] = count({ ...filter, tier: t });
	const category = { any: count({ ...filter, category: '' }) } as FacetCounts['category'];
	for (const c of CATEGORIES) category[c] = count({ ...filter, category: c });
	return { platform, tier, category };
}

/**
 * Reads a stored filter back, field by field; anything unknown falls back to {@link NO_FILTER}'s value.
 * @param value what `JSON.parse` gave (any shape).
 */
export function parseFilter(value: unknown): TaskFilter {
	if (typeof value !== 'object' || value === null) return { ...NO_FILTER };
	const v = value as Record<string, unknown>;
	return {
		text: typeof v.text === 'string' ? v.text : '',
		platform: PLATFORM_ORDER.find((p) => p === v.platform) ?? '',
		tier: TIERS.find((t) => t === v.tier) ?? null,
		category: CATEGORIES.find((c) => c === v.category) ?? ''
	};
}
