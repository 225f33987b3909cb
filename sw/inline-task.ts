/**
 * The current inline task (`POST /__salesgym/run {task: {...}}`: a task the bundle does not ship, e.g. a template
 * instance made on the fly by `salesgym run --task <slug>@<seed>`), kept in IndexedDB so that the reset check and
 * `/verify` still know it after the Service Worker restarts. One row: a later inline task replaces it, so the store
 * stays the size of one setup however many episodes run.
 */
import { Dexie, type EntityTable } from 'dexie';
import { TaskSetup } from '../blueprints/setups';

/** IndexedDB database of the current inline task, one per browser profile. */
export const INLINE_TASK_DB_NAME = 'salesgym-inline-task';

interface InlineTaskRecord {
	key: 'current';
	setup: TaskSetup;
}

/** Dexie database of the current inline task (one table, one row). */
export class InlineTaskDb extends Dexie {
	task!: EntityTable<InlineTaskRecord, 'key'>;
	constructor(name = INLINE_TASK_DB_NAME) {
		super(name);
		this.version(1).stores({ task: 'key' });
	}
}

/** Reads and writes the current inline task; {@link restore} adds it to a task map once per worker. */
export class InlineTasks {
	private restored: Promise<void> | null = null;
	constructor(private readonly db: InlineTaskDb = new InlineTaskDb()) {}

	/** Stores `setup` as the current inline task (replacing the previous one). */
	async remember(setup: TaskSetup): Promise<void> {
		await this.db.task.put({ key: 'current', setup });
	}

	/**
	 * Adds the stored inline task to `tasks` unless a task of that id is there already (a bundled one wins); a row
	 * that no longer validates (a build changed the schema) is ignored. Runs once per worker; later calls wait for it.
	 */
	restore(tasks: Map<string, unknown>): Promise<void> {
		this.restored ??= (async () => {
			const row = await this.db.task.get('current');
			const parsed = TaskSetup.safeParse(row?.setup);
			if (parsed.success && !tasks.has(parsed.data.id)) tasks.set(parsed.data.id, parsed.data);
		})();
		return this.restored;
	}
}
