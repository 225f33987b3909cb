/**
 * The selling team of every seed world: the generator (`seeds/generate.ts`) turns this roster into
 * `World.users` with ids `1001 + index`, so the ids below are the same in every shipped world. Plain data with
 * no runtime imports, so that the blueprint schema (which runs in Node, the page and the Service Worker) can
 * check a blueprint's `actors` without loading a world.
 */
import type { TeamUser } from './world';

/**
 * The roster, in id order: `[firstName, lastName, role, title, team, managerId, timeZone]`.
 * The walking skeleton's five (1001–1005) keep their ids; seven are added.
 */
export const TEAM: readonly (readonly [string, string, TeamUser['role'], string, string, string | null, string])[] = [
	['Maya', 'Patel', 'sdr', 'Sales Development Representative', 'SDR team', '1012', 'America/New_York'],
	['Jordan', 'Lee', 'sdr', 'Sales Development Representative', 'SDR team', '1012', 'America/Chicago'],
	['Sofia', 'Rossi', 'ae', 'Account Executive', 'Account Executives', '1005', 'America/New_York'],
	['Daniel', 'Okafor', 'ae', 'Account Executive', 'Account Executives', '1005', 'Europe/London'],
	['Hannah', 'Berg', 'manager', 'VP of Sales', 'Sales Leadership', null, 'America/New_York'],
	['Lucas', 'Moreau', 'sdr', 'Sales Development Representative', 'SDR team', '1012', 'Europe/Paris'],
	['Aiko', 'Tanaka', 'sdr', 'Sales Development Representative', 'SDR team', '1012', 'Asia/Tokyo'],
	['Carlos', 'Mendes', 'ae', 'Senior Account Executive', 'Account Executives', '1005', 'America/Los_Angeles'],
	['Emily', 'Chen', 'ae', 'Account Executive', 'Account Executives', '1005', 'America/Los_Angeles'],
	['Noah', 'Fischer', 'ae', 'Account Executive', 'Account Executives', '1005', 'Europe/Berlin'],
	['Grace', 'Kim', 'ae', 'Enterprise Account Executive', 'Account Executives', '1005', 'America/Chicago'],
	['Ravi', 'Sharma', 'manager', 'SDR Manager', 'Sales Leadership', '1005', 'Europe/London']
];

/** Team user ids of every seed world (`"1001"` … `"1012"`), in id order. */
export const TEAM_USER_IDS: readonly string[] = TEAM.map((_, i) => String(1001 + i));

/**
 * The acting (logged-in) user of a gym when the blueprint names none: Maya Patel, 1001, the SDR whose records
 * are HubSpot's "My contacts" and whose seat is signed in to Sales Navigator.
 */
export const DEFAULT_ACTOR = '1001';
