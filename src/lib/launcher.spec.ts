import { describe, expect, it } from 'vitest';
import { NO_FILTER, facetCounts, filterTasks, isFiltering, openLabel, openPlatform, parseFilter, tierOf } from './launcher';
import type { TaskSummary } from './run-control';

const task = (id: string, over: Partial<TaskSummary>): TaskSummary => ({
	id,
	title: id,
	category: 'inbound',
	business_function: 'lead qualification & scheduling',
	platforms: ['hubspot'],
	goal: 'g',
	prompt: 'p',
	start_path: '/hubspot/contacts',
	...over
});

const tasks: TaskSummary[] = [
	task('hubspot/a-v1', { title: 'Qualify a demo request' }),
	task('hubspot/b-v1', { category: 'outbound', platforms: ['hubspot', 'outreach'], start_path: '/outreach/prospects' }),
	task('salesnav/c-v1', { category: 'outbound', platforms: ['salesnav', 'hubspot', 'outreach'], start_path: '/salesnav/search' }),
	task('hubspot/d-v1', { platforms: ['calendly', 'hubspot'], start_path: '/?x' })
];

describe('launcher helpers', () => {
	it('names the Open link after the platform of the start path, else the first platform', () => {
		expect(openLabel(openPlatform(tasks[0]!))).toBe('Open HubSpot');
		expect(openLabel(openPlatform(tasks[1]!))).toBe('Open Outreach');
		expect(openLabel(openPlatform(tasks[2]!))).toBe('Open Sales Navigator');
		expect(openLabel(openPlatform(tasks[3]!))).toBe('Open Calendly');
	});

	it('tier is the number of distinct platforms', () => {
		expect(tasks.map(tierOf)).toEqual([1, 2, 3, 2]);
		expect(tierOf({ platforms: ['hubspot', 'hubspot'] })).toBe(1);
	});

	it('filters combine with AND; text matches every word in title, id, goal or business function', () => {
		const ids = (f: Partial<typeof NO_FILTER>) => filterTasks(tasks, { ...NO_FILTER, ...f }).map((t) => t.id);
		expect(ids({})).toEqual(tasks.map((t) => t.id));
		expect(ids({ platform: 'outreach' })).toEqual(['hubspot/b-v1', 'salesnav/c-v1']);
		expect(ids({ platform: 'outreach', tier: 2 })).toEqual(['hubspot/b-v1']);
		expect(ids({ category: 'inbound', tier: 2 })).toEqual(['hubspot/d-v1']);
		expect(ids({ text: '  DEMO qualify ' })).toEqual(['hubspot/a-v1']);
		expect(ids({ text: 'salesnav/' })).toEqual(['salesnav/c-v1']);
		expect(ids({ text: 'demo', category: 'outbound' })).toEqual([]);
		expect(ids({ tier: 4 })).toEqual([]);
	});

	it('counts each option with the other filters applied', () => {
		const c = facetCounts(tasks, { ...NO_FILTER, category: 'outbound' });
		expect(c.platform).toEqual({ any: 2, hubspot: 2, outreach: 2, calendly: 0, salesnav: 1 });
		expect(c.tier).toEqual({ any: 2, 1: 0, 2: 1, 3: 1, 4: 0 });
		expect(c.category).toEqual({ any: 4, inbound: 2, outbound: 2 });
	});

	it('reads a stored filter back field by field, dropping unknown values', () => {
		expect(parseFilter({ text: 'x', platform: 'outreach', tier: 3, category: 'outbound' })).toEqual({
			text: 'x',
			platform: 'outreach',
			tier: 3,
			category: 'outbound'
		});
		expect(parseFilter({ text: 1, platform: 'hubspt', tier: '2', category: 'both' })).toEqual(NO_FILTER);
		expect(parseFilter(null)).toEqual(NO_FILTER);
		expect(isFiltering(NO_FILTER)).toBe(false);
		expect(isFiltering({ ...NO_FILTER, text: '  ' })).toBe(false);
		expect(isFiltering({ ...NO_FILTER, tier: 1 })).toBe(true);
	});
});
