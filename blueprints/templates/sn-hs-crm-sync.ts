/**
 * T2-01 sn-hs-crm-sync (tier 2, Sales Navigator + HubSpot, outbound, lead qualification & scheduling).
 *
 * The rep's Sales Navigator lead list (a fixture list of four leads) goes into HubSpot, with the work emails of an
 * enrichment export given in the prompt:
 * - a lead not in HubSpot, at a company HubSpot has: a new contact (email from the export, name, the Sales
 *   Navigator title), lifecycle Lead, lead status New, owned by the company's owner (or the rep when the company is
 *   unowned), associated with that company. Decoy: HubSpot already holds a look-alike of that name at another
 *   company (fixture), which must not be "updated" instead;
 * - a `duplicate_person` lead: HubSpot holds them twice (work email and personal email). Sales Navigator shows a
 *   newer title (fixture): it goes on the record whose email is the export's, the personal-email record stays as
 *   it is, and no third record is made;
 * - a `job_changer` lead: HubSpot still has the old company, title and email. Updated in place per the rules of
 *   engagement (R4): new title, new work email, the new company associated and the old association removed, and
 *   a note on the old company saying who left and where to;
 * - a lead already in sync (same title and company): nothing to do.
 *
 * Simplified from the catalogue: the HubSpot replica's screens do not edit the custom `linkedin_url` property, so
 * the new contact's LinkedIn URL is not asked for; every export row has an email (no "find the email" task
 * branch); every company exists in HubSpot already (no company creation by domain).
 */
import type { Template } from './kit';
import { hubspotRow, hubspotTables, jq, jqList, spokenDate } from './_gym-rows';
import { project as projectSalesNav } from '../../gyms/salesnav/seed';
import type { Person } from '../../seeds/world';

type Row = { id: string; [k: string]: unknown };
type HsObject = Row & { properties: Record<string, string>; createdAt: string; updatedAt: string };
type HsAssoc = { id: string; fromObjectType: string; fromObjectId: string; toObjectType: string; toObjectId: string; [k: string]: unknown };
type Lead = { leadId: string; linkedInUrl: string; currentTitle: string; headline: string; leadListIds: string[]; [k: string]: unknown };

/** Titles a promoted lead may now hold, by their Sales Navigator function. */
const PROMOTIONS = (fn: string) => [`Head of ${fn}`, `Director of ${fn}`, `VP of ${fn}`, `Senior Director of ${fn}`];

/** The UI steps that edit text properties of the open HubSpot record's "About" card and save them. */
function editProps(edits: [label: string, value: string][], saved: string) {
	return [
		...edits.flatMap(([label, value]) => [{ click: { role: 'button' as const, name: `Edit ${label}` } }, { fill: { label, value } }]),
		{ click: { role: 'button' as const, name: 'Save' } },
		{ wait_for: { text: saved } }
	];
}

/** The UI steps that associate the open HubSpot contact with the company `name` (its "Add companies" panel). */
function addCompany(name: string) {
	return [
		{ click: { role: 'button' as const, name: 'Add companies' } },
		{ fill: { label: 'Search companies', value: name } },
		{ check: { label: name } },
		{ click: { role: 'button' as const, name: 'Save' } },
		{ wait_for: { role: 'link' as const, name } }
	];
}

const template: Template = {
	meta: {
		slug: 'sn-hs-crm-sync',
		version: 1,
		title: 'Sync a Sales Navigator lead list into HubSpot',
		platforms: ['salesnav', 'hubspot'],
		category: 'outbound',
		business_function: 'lead qualification & scheduling',
		anomalies: ['duplicate_person', 'job_changer', 'lookalike_name'],
		traps: ['dedupe_by_email', 'job_change_in_place', 'lookalike_contact', 'owner_from_company'],
		pinned: [1, 2, 3]
	},
	build(ctx) {
		const { world } = ctx;
		const hs = hubspotTables();
		const sn = projectSalesNav(world) as unknown as { leads: Lead[] };
		const contacts = new Map((hs.contacts as HsObject[]).map((c) => [c.id, c]));
		const companies = new Map((hs.companies as HsObject[]).map((c) => [c.id, c]));
		const assocs = hs.associations as unknown as HsAssoc[];
		const companiesOf = (id: string) =>
			assocs.filter((a) => a.fromObjectType === 'contacts' && a.fromObjectId === id && a.toObjectType === 'companies').map((a) => a.toObjectId);
		const leads = new Map(sn.leads.map((l) => [l.linkedInUrl, l]));
		const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
		const worldNames = new Map<string, number>();
		for (const p of world.people) worldNames.set(name(p), (worldNames.get(name(p)) ?? 0) + 1);
		const hsNames = new Map<string, number>();
		for (const c of contacts.values()) {
			const n = `${c.properties.firstname} ${c.properties.lastname}`;
			hsNames.set(n, (hsNames.get(n) ?? 0) + 1);
		}
		const anomalous = new Set(world.anomalies.flatMap((a) => a.personIds));
		const uniqueName = (p: Person) => worldNames.get(name(p)) === 1;
		const companyNames = new Map<string, number>();
		for (const c of companies.values()) companyNames.set(c.properties.name!, (companyNames.get(c.properties.name!) ?? 0) + 1);
		const clearCompany = (id: string) => companies.has(id) && companyNames.get(companies.get(id)!.properties.name!) === 1;

		// Odd seeds act as Maya Patel (New York), even seeds as Jordan Lee (Chicago): neighbouring seeds differ in rep and zone.
		const actor = ctx.seed % 2 === 1 ? '1001' : '1002';
		const me = ctx.user(actor);

		// The new lead: not in HubSpot, at a HubSpot company of a unique name, a name nobody in HubSpot has.
		const fresh = ctx.pick(
			'new-lead',
			world.people,
			(p) => !p.inHubspot && !anomalous.has(p.id) && uniqueName(p) && !hsNames.has(name(p)) && clearCompany(p.companyId) && leads.has(p.linkedinUrl)
		);
		const freshCo = companies.get(fresh.companyId)!;
		const freshOwner = freshCo.properties.hubspot_owner_id || actor;
		// The duplicate: the work record (the person's id) carries the title and the company; the personal record neither.
		const dupRecords = new Map(world.anomalies.filter((a) => a.kind === 'duplicate_person').map((a, i) => [a.personIds[0]!, String(190001 + i)] as const));
		const dup = ctx.pick('duplicate', ctx.anomalyPeople('duplicate_person'), (p) => {
			const c = contacts.get(p.id);
			const d = contacts.get(dupRecords.get(p.id) ?? '');
			return (
				c?.properties.email === p.workEmail &&
				!!c.properties.jobtitle &&
				d?.properties.email === p.personalEmail &&
				leads.has(p.linkedinUrl) &&
				worldNames.get(name(p)) === 1 &&
				hsNames.get(name(p)) === 2
			);
		});
		const dupPersonal = dupRecords.get(dup.id)!;
		const dupTitle = ctx.rng('promotion').pick(PROMOTIONS(dup.function).filter((t) => t !== dup.title));
		// The job changer: HubSpot has the old company (associated) and the old email; the new company is in HubSpot.
		const changer = ctx.pick('job-changer', ctx.anomalyPeople('job_changer'), (p) => {
			const c = contacts.get(p.id);
			return (
				!!p.previous &&
				c?.properties.email === p.previous.workEmail &&
				companiesOf(p.id).join() === p.previous.companyId &&
				clearCompany(p.companyId) &&
				clearCompany(p.previous.companyId) &&
				![...contacts.values()].some((x) => x.properties.email === p.workEmail) &&
				uniqueName(p) &&
				hsNames.get(name(p)) === 1 &&
				leads.has(p.linkedinUrl)
			);
		});
		const oldCo = companies.get(changer.previous!.companyId)!;
		const newCo = companies.get(changer.companyId)!;
		// In sync: in HubSpot with the world's title, work email and company.
		const steady = ctx.pick('in-sync', world.people, (p) => {
			const c = contacts.get(p.id);
			return (
				p.inHubspot &&
				!anomalous.has(p.id) &&
				uniqueName(p) &&
				hsNames.get(name(p)) === 1 &&
				c?.properties.jobtitle === p.title &&
				c.properties.email === p.workEmail &&
				companiesOf(p.id).join() === p.companyId &&
				leads.has(p.linkedinUrl) &&
				p.id !== fresh.id
			);
		});

		// The clock: a weekday of 2026-03-03..13, mid-morning in the rep's zone (US zones are UTC-5/-6, then -4/-5 from March 8).
		// Neighbouring seeds land in different thirds of the range (a draw alone often repeats a day across seeds).
		const days = ['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];
		const day = days[(ctx.seed * 3 + ctx.rng('day').int(0, 2)) % days.length]!;
		const dst = day >= '2026-03-09';
		const hour = (actor === '1001' ? 15 : 16) - (dst ? 1 : 0);
		const clock = `${day}T${hour}:${ctx.rng('minute').pick(['05', '20', '35', '50'])}:00.000Z`;
		const zone = actor === '1001' ? 'America/New_York' : 'America/Chicago';

		// Sales Navigator: the list and its members (the duplicate's lead shows the newer title).
		const listId = ctx.fixtureId('lead-list');
		const listName = `HubSpot sync – ${spokenDate(clock, zone).replace(/^\w+, /, '')}`;
		const members = ctx.rng('order').shuffle([fresh, dup, changer, steady]);
		const leadRows = members.map((p) => {
			const l = structuredClone(leads.get(p.linkedinUrl)!);
			const row: Lead = { ...l, leadListIds: [...l.leadListIds, listId] };
			if (p === dup) {
				row.currentTitle = dupTitle;
				row.headline = `${dupTitle} at ${companies.get(dup.companyId)?.properties.name ?? ''}`.trim();
			}
			return row;
		});
		const list = {
			id: listId,
			name: listName,
			description: 'Leads to add or update in HubSpot',
			ownerSeatId: actor,
			sharedWith: [],
			createdAt: clock.replace(/T.*/, 'T08:00:00.000Z'),
			updatedAt: clock.replace(/T.*/, 'T08:00:00.000Z'),
			memberIds: leadRows.map((l) => l.leadId)
		};

		// HubSpot: the records that must stay as they are are fixture rows too (their dates are the fixture's), and the look-alike of the new lead, at another company, owned by someone else.
		const twinCo = ctx.pick(
			'lookalike-company',
			[...companies.values()],
			(c) => c.id !== fresh.companyId && !!c.properties.domain && !!c.properties.hubspot_owner_id && clearCompany(c.id)
		);
		const twinId = ctx.fixtureId('lookalike-contact');
		const twinAt = '2025-11-18T15:42:00.000Z';
		const twinBase = hubspotRow<HsObject>('contacts', steady.id);
		const twin: HsObject = {
			...twinBase,
			id: twinId,
			properties: {
				email: `${fresh.firstName}.${fresh.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${twinCo.properties.domain}`,
				firstname: fresh.firstName,
				lastname: fresh.lastName,
				jobtitle: 'Office Manager',
				company: twinCo.properties.name!,
				hubspot_owner_id: twinCo.properties.hubspot_owner_id!,
				lifecyclestage: 'lead',
				hs_lead_status: 'OPEN',
				hs_email_optout: 'false',
				createdate: twinAt,
				lastmodifieddate: twinAt,
				hs_object_id: twinId
			},
			createdAt: twinAt,
			updatedAt: twinAt
		};
		const twinAssoc = {
			id: `279:${twinId}:${twinCo.id}`,
			fromObjectType: 'contacts',
			fromObjectId: twinId,
			toObjectType: 'companies',
			toObjectId: twinCo.id,
			associationCategory: 'HUBSPOT_DEFINED',
			associationTypeId: 279
		};

		const export_ = ctx
			.rng('export-order')
			.shuffle([fresh, dup, changer, steady])
			.map((p) => `${name(p)}: ${p.workEmail}`);
		const ownerName = (id: string) => `${ctx.user(id).firstName} ${ctx.user(id).lastName}`;
		const contact = (id: string) =>
			`([.hubspot.contacts[] | select(.id == ${jq(id)})] | if length == 1 then .[0] else error("expected 1 contact ${id}, got \\(length)") end)`;
		const byEmail = (email: string) => `[.hubspot.contacts[] | select((.properties.email // "" | ascii_downcase) == ${jq(email)})]`;
		// The created contact (its id is the tool's): the first with that email, an empty record before it exists.
		const created = `(${byEmail(fresh.workEmail)} | .[0] // {id: "", properties: {}})`;
		const companiesQ = (idExpr: string) =>
			`(${idExpr}) as $c | [.hubspot.associations[] | select(.fromObjectType == "contacts" and .fromObjectId == $c and .toObjectType == "companies") | .toObjectId] | unique`;
		const named = (p: Person) =>
			`[.hubspot.contacts[] | select(.properties.firstname == ${jq(p.firstName)} and .properties.lastname == ${jq(p.lastName)})] | length`;
		const notesOn = (coId: string) =>
			`[.hubspot.associations[] | select(.fromObjectType == "notes" and .toObjectType == "companies" and .toObjectId == ${jq(coId)}) | .fromObjectId] as $ids | [.hubspot.notes[] | select(.id | IN($ids[])) | .properties.hs_note_body // "" | ascii_downcase]`;
		const noteText = `${name(changer)} left ${oldCo.properties.name} for ${newCo.properties.name} (${changer.title}), per Sales Navigator on ${spokenDate(clock, zone)}.`;
		const newNoteOk = `${notesOn(oldCo.id)} | map(select(contains(${jq(changer.lastName.toLowerCase())}) and contains(${jq(newCo.properties.name!.toLowerCase())}))) | length`;

		return {
			title: `Sync ${me.firstName}'s Sales Navigator list "${listName}" into HubSpot`,
			goal: `${name(fresh)} is a new HubSpot contact at ${freshCo.properties.name} (Lead, New, owned by ${ownerName(freshOwner)}); ${name(dup)}'s work record has the title ${dupTitle}; ${name(changer)} is updated in place to ${newCo.properties.name} with a note on ${oldCo.properties.name}; nobody else changes.`,
			prompt:
				`Get my Sales Navigator lead list "${listName}" into HubSpot. ` +
				`People who aren't in HubSpot yet become contacts at their company, with their current title, lifecycle stage Lead and lead status New, owned by the company's owner (or by me if the company has no owner). ` +
				`People already in HubSpot get their job title updated if it changed; anyone who moved companies is updated in place per our rules of engagement on job changers. ` +
				`Match people by email; the work emails from the enrichment export are: ${export_.join('; ')}. ` +
				`If someone has more than one HubSpot record, update the one with that email and leave the other alone. Don't create duplicates.`,
			start_path: `/salesnav/lists/${listId}`,
			clock,
			actors: { salesnav: actor, hubspot: actor },
			fixtures: {
				salesnav: { leads: leadRows, leadLists: [list] },
				hubspot: { contacts: [twin, hubspotRow('contacts', dupPersonal), hubspotRow('contacts', steady.id)], associations: [twinAssoc] }
			} as never,
			steps: [
				{
					platform: 'salesnav',
					objective: 'Read each list member’s current title and company.',
					actions: [{ wait_for: { role: 'heading', name: listName } }],
					verifiers: [
						{
							id: 'list-unchanged',
							description: 'The list keeps its members',
							query: `[.salesnav.leadLists[] | select(.id == ${jq(listId)}) | .memberIds | sort] == [${jqList([...list.memberIds].sort())}]`,
							op: 'eq',
							expected: true,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Create ${name(fresh)} at ${freshCo.properties.name}, owned by the company owner.`,
					actions: [
						{ goto: '/hubspot/contacts' },
						{ click: { role: 'button', name: 'Create contact' } },
						{ fill: { label: 'Email', value: fresh.workEmail } },
						{ fill: { label: 'First name', value: fresh.firstName } },
						{ fill: { label: 'Last name', value: fresh.lastName } },
						{ fill: { label: 'Job title', value: fresh.title } },
						{ fill: { label: 'Company name', value: freshCo.properties.name! } },
						{ click: { role: 'combobox', name: 'Contact owner' } },
						{ click: { role: 'option', name: ownerName(freshOwner) } },
						{ click: { role: 'combobox', name: 'Lead status' } },
						{ click: { role: 'option', name: 'New' } },
						{ click: { role: 'button', name: 'Create' } },
						{ wait_for: { role: 'heading', name: name(fresh) } },
						...addCompany(freshCo.properties.name!)
					],
					verifiers: [
						{
							id: 'new-contact-once',
							description: `Exactly one contact has ${fresh.workEmail}`,
							query: `${byEmail(fresh.workEmail)} | length`,
							op: 'eq',
							expected: 1
						},
						{
							id: 'new-contact-fields',
							description: 'Its name, title, lifecycle stage Lead and lead status New',
							query: `${created} | .properties | [.firstname, .lastname, .jobtitle, .lifecyclestage, .hs_lead_status]`,
							op: 'eq',
							expected: [fresh.firstName, fresh.lastName, fresh.title, 'lead', 'NEW']
						},
						{
							id: 'new-contact-owner',
							description: `Owned by ${ownerName(freshOwner)} (${freshCo.properties.hubspot_owner_id ? 'the company owner' : 'the rep: the company has no owner'})`,
							query: `${created} | .properties.hubspot_owner_id`,
							op: 'eq',
							expected: freshOwner
						},
						{
							id: 'new-contact-company',
							description: `Associated with ${freshCo.properties.name} only`,
							query: companiesQ(`${created} | .id`),
							op: 'eq',
							expected: [fresh.companyId]
						},
						{
							id: 'lookalike-untouched',
							description: `The other ${name(fresh)} (at ${twinCo.properties.name}) is unchanged`,
							query: `${contact(twinId)} | [.updatedAt, .properties.jobtitle, .properties.hubspot_owner_id]`,
							op: 'eq',
							expected: [twinAt, 'Office Manager', twinCo.properties.hubspot_owner_id!],
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Put ${name(dup)}'s new title on their work-email record.`,
					actions: [
						{ goto: `/hubspot/contacts/${dup.id}` },
						{ wait_for: { role: 'heading', name: name(dup) } },
						...editProps([['Job title', dupTitle]], 'Contact saved')
					],
					verifiers: [
						{
							id: 'duplicate-title',
							description: `${name(dup)}'s record with ${dup.workEmail} has the title ${dupTitle}`,
							query: `${contact(dup.id)} | .properties.jobtitle`,
							op: 'eq',
							expected: dupTitle
						},
						{
							id: 'personal-record-untouched',
							description: `The personal-email record (${dup.personalEmail}) is unchanged`,
							query: `${contact(dupPersonal)} | [.updatedAt, .properties.jobtitle // null]`,
							op: 'eq',
							expected: [contacts.get(dupPersonal)!.updatedAt, null],
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'no-third-record',
							description: `HubSpot still has exactly two records of ${name(dup)}`,
							query: named(dup),
							op: 'eq',
							expected: 2,
							weight: 0,
							holds_at_reset: true
						}
					]
				},
				{
					platform: 'hubspot',
					objective: `Update ${name(changer)} in place at ${newCo.properties.name} and note the move on ${oldCo.properties.name}.`,
					actions: [
						{ goto: `/hubspot/contacts/${changer.id}` },
						{ wait_for: { role: 'heading', name: name(changer) } },
						...editProps(
							[
								['Job title', changer.title],
								['Email', changer.workEmail]
							],
							'Contact saved'
						),
						{ click: { role: 'button', name: `Remove association with ${oldCo.properties.name}` } },
						{ wait_for: { role: 'heading', name: 'Companies (0)' } },
						...addCompany(newCo.properties.name!),
						{ goto: `/hubspot/companies/${oldCo.id}` },
						{ wait_for: { role: 'heading', name: oldCo.properties.name! } },
						{ click: { role: 'button', name: 'Note' } },
						{ fill: { role: 'textbox', name: 'Note', value: noteText } },
						{ click: { role: 'button', name: 'Save note' } },
						{ wait_for: { text: noteText } }
					],
					verifiers: [
						{
							id: 'changer-title-email',
							description: `${name(changer)}'s record has the new title and work email`,
							query: `${contact(changer.id)} | [.properties.jobtitle, (.properties.email | ascii_downcase)]`,
							op: 'eq',
							expected: [changer.title, changer.workEmail]
						},
						{
							id: 'changer-company',
							description: `${name(changer)} is associated with ${newCo.properties.name}, no longer with ${oldCo.properties.name}`,
							query: companiesQ(jq(changer.id)),
							op: 'eq',
							expected: [changer.companyId]
						},
						{
							id: 'old-company-note',
							description: `A new note on ${oldCo.properties.name} names ${name(changer)} and ${newCo.properties.name}`,
							query: newNoteOk,
							op: 'gte',
							expected: 1
						},
						{
							id: 'changer-not-recreated',
							description: `HubSpot has one record of ${name(changer)}`,
							query: named(changer),
							op: 'eq',
							expected: 1,
							weight: 0,
							holds_at_reset: true
						},
						{
							id: 'in-sync-untouched',
							description: `${name(steady)}, already in sync, is unchanged`,
							query: `${contact(steady.id)} | .updatedAt`,
							op: 'eq',
							expected: contacts.get(steady.id)!.updatedAt,
							weight: 0,
							holds_at_reset: true
						}
					]
				}
			],
			alternatives: [
				{
					id: 'changer-company-name-too',
					description: `also rewrites ${name(changer)}'s "Company name" text to ${newCo.properties.name}`,
					patch: `.hubspot.contacts |= map(if .id == ${jq(changer.id)} then .properties.company = ${jq(newCo.properties.name!)} else . end)`
				},
				{
					id: 'new-contact-primary-label',
					description: `labels ${freshCo.properties.name} the new contact's primary company (a second association row, type 1)`,
					patch: `(${created} | .id) as $n | .hubspot.associations += [{id: ("1:" + $n + ":${fresh.companyId}"), fromObjectType: "contacts", fromObjectId: $n, toObjectType: "companies", toObjectId: ${jq(fresh.companyId)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 1}]`
				}
			],
			mutants: [
				{
					id: 'lookalike-updated',
					description: `"finds" ${name(fresh)} as the look-alike at ${twinCo.properties.name} and updates it instead of creating the contact`,
					kind: 'decoy',
					patch: `(${created} | .id) as $n | .hubspot.contacts |= map(select(.id != $n) | if .id == ${jq(twinId)} then .properties.jobtitle = ${jq(fresh.title)} | .updatedAt = ${jq(clock)} else . end) | .hubspot.associations |= map(select(.fromObjectId != $n and .toObjectId != $n))`
				},
				{
					id: 'owner-is-me',
					description:
						freshOwner === actor
							? `gives ${name(fresh)} to another rep although ${freshCo.properties.name} is unowned or the rep's own`
							: `owns ${name(fresh)} themself instead of the company owner`,
					kind: 'wrong_owner',
					patch: `.hubspot.contacts |= map(if .properties.email == ${jq(fresh.workEmail)} then .properties.hubspot_owner_id = ${jq(freshOwner === actor ? (actor === '1001' ? '1002' : '1001') : actor)} else . end)`
				},
				{
					id: 'new-contact-no-company',
					description: `creates ${name(fresh)} with the company name only, no association`,
					kind: 'partial',
					patch: `(${created} | .id) as $n | .hubspot.associations |= map(select((.fromObjectId == $n or .toObjectId == $n) | not))`
				},
				{
					id: 'new-contact-default-status',
					description: 'leaves the new contact without a lead status',
					kind: 'required_missing',
					patch: `.hubspot.contacts |= map(if .properties.email == ${jq(fresh.workEmail)} then del(.properties.hs_lead_status) else . end)`
				},
				{
					id: 'personal-record-updated',
					description: `puts ${name(dup)}'s new title on the personal-email record instead`,
					kind: 'decoy',
					patch: `.hubspot.contacts |= map(if .id == ${jq(dup.id)} then .properties.jobtitle = ${jq(contacts.get(dup.id)!.properties.jobtitle!)} elif .id == ${jq(dupPersonal)} then .properties.jobtitle = ${jq(dupTitle)} | .updatedAt = ${jq(clock)} else . end)`
				},
				{
					id: 'duplicate-created',
					description: `creates a third record of ${name(dup)} (no email) with the new title instead of updating`,
					kind: 'duplicate_created',
					patch: `.hubspot.contacts |= map(if .id == ${jq(dup.id)} then .properties.jobtitle = ${jq(contacts.get(dup.id)!.properties.jobtitle!)} else . end) | .hubspot.contacts += [(.hubspot.contacts[] | select(.id == ${jq(dupPersonal)}) | .id = "999990" | .properties.email = null | .properties.jobtitle = ${jq(dupTitle)})]`
				},
				{
					id: 'changer-new-record',
					description: `creates ${name(changer)} anew at ${newCo.properties.name} and leaves the old record as it was`,
					kind: 'duplicate_created',
					patch: `.hubspot.contacts += [(.hubspot.contacts[] | select(.id == ${jq(changer.id)}) | .id = "999991")] | .hubspot.contacts |= map(if .id == ${jq(changer.id)} then .properties.jobtitle = ${jq(changer.previous!.title)} | .properties.email = ${jq(changer.previous!.workEmail)} else . end) | .hubspot.associations |= map(if .fromObjectType == "contacts" and .fromObjectId == ${jq(changer.id)} and .toObjectType == "companies" then .toObjectId = ${jq(oldCo.id)} else . end)`
				},
				{
					id: 'changer-old-association-kept',
					description: `adds ${newCo.properties.name} but keeps the old association with ${oldCo.properties.name}`,
					kind: 'partial',
					patch: `.hubspot.associations += [{id: ${jq(`279:${changer.id}:${oldCo.id}`)}, fromObjectType: "contacts", fromObjectId: ${jq(changer.id)}, toObjectType: "companies", toObjectId: ${jq(oldCo.id)}, associationCategory: "HUBSPOT_DEFINED", associationTypeId: 279}]`
				},
				{
					id: 'changer-old-email',
					description: `keeps ${name(changer)}'s old work email at ${oldCo.properties.name}`,
					kind: 'stale_data',
					patch: `.hubspot.contacts |= map(if .id == ${jq(changer.id)} then .properties.email = ${jq(changer.previous!.workEmail)} else . end)`
				},
				{
					id: 'no-note',
					description: `skips the note on ${oldCo.properties.name}`,
					kind: 'step_skipped',
					patch: `.hubspot.notes |= map(select(.properties.hs_note_body // "" | ascii_downcase | contains(${jq(changer.lastName.toLowerCase())}) and contains(${jq(newCo.properties.name!.toLowerCase())}) | not))`
				},
				{
					id: 'list-pruned',
					description: 'removes the synced people from the Sales Navigator list',
					kind: 'collateral',
					patch: `.salesnav.leadLists |= map(if .id == ${jq(listId)} then .memberIds = ${jqList([leadRows.find((l) => l.linkedInUrl === steady.linkedinUrl)!.leadId])} else . end)`
				},
				{
					id: 'in-sync-touched',
					description: `re-saves ${name(steady)}, who was already in sync`,
					kind: 'collateral',
					patch: `.hubspot.contacts |= map(if .id == ${jq(steady.id)} then .updatedAt = ${jq(clock)} else . end)`
				}
			]
		};
	}
};

export default template;
