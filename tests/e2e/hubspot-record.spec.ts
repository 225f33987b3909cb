/**
 * HubSpot record pages (contacts, companies, deals), engagement dialogs, the email composer and the task queue,
 * through the real SW and API: every action kind of the RECORD slice, plus axe on each of its screens.
 * Fixtures come from the slice's blueprints (ids ≥ 990300) and the seed world.
 */
import { pageJson } from '../../harness/page';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test, type Gym } from './fixtures';
import { editProperty, pick, property } from './ui';

type Row = { id: string; properties: Record<string, string> };
type Assoc = { fromObjectType: string; fromObjectId: string; toObjectType: string; toObjectId: string; associationTypeId: number };
type State = { gyms: { hubspot: Record<string, Row[]> & { associations: Assoc[] } } };

async function start(gym: Gym, task: string, path: string) {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: task, run_id: 'record' });
	await gym.open(path);
	await expect(gym.page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function state(gym: Gym): Promise<State['gyms']['hubspot']> {
	return (JSON.parse(await gym.exportState()) as State).gyms.hubspot;
}

/** Engagements of `type` associated with the record (canonical direction engagement → record). */
async function linked(gym: Gym, type: string, toType: string, toId: string): Promise<Row[]> {
	const s = await state(gym);
	const ids = new Set(s.associations.filter((a) => a.fromObjectType === type && a.toObjectType === toType && a.toObjectId === toId).map((a) => a.fromObjectId));
	return (s[type] ?? []).filter((r) => ids.has(r.id));
}

const api = (gym: Gym, method: string, path: string, body?: unknown) => pageJson(gym.page, method, `/api/hubspot${path}`, body);

const EMAIL = 'hubspot/templated-follow-up-email-v1'; // Lena Vogt 990300 (no first name) at Halden Robotics 990301
const CALL = 'hubspot/log-call-follow-up-task-v1'; // Marco Bianchi 990310, owner Jordan Lee (1002), clock 2026-03-04T15:00Z
const DEAL = 'hubspot/deal-from-contact-record-v1'; // Amara Nwosu 990320 at Brightwave Media 990321

test('About: an invalid value shows the API error under the property it names, and changes nothing', async ({ gym }) => {
	await start(gym, EMAIL, '/hubspot/contacts/990300');
	const { page } = gym;
	const before = await gym.exportState();
	await editProperty(page, 'Email');
	await page.getByLabel('Email', { exact: true }).fill('lena@');
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(page.getByRole('alert')).toContainText('Email: Email address lena@ is invalid');
	await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
	expect(await gym.exportState()).toBe(before);
	await page.getByRole('button', { name: 'Cancel', exact: true }).click();
	await expect(property(page, 'Email')).toContainText('l.vogt@haldenrobotics.com');
});

test('About: moving the lifecycle stage backward clears it first, then sets the earlier stage', async ({ gym }) => {
	await start(gym, EMAIL, '/hubspot/contacts/990300');
	const { page } = gym;
	const patches: unknown[] = [];
	page.on('request', (r) => {
		if (r.method() === 'PATCH') patches.push(JSON.parse(r.postData() ?? '{}'));
	});
	await editProperty(page, 'Lifecycle stage');
	await pick(page, 'Lifecycle stage', 'Lead');
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Contact saved' })).toBeVisible();
	expect(patches).toEqual([{ properties: { lifecyclestage: '' } }, { properties: { lifecyclestage: 'lead' } }]);
	await page.reload();
	await expect(property(page, 'Lifecycle stage')).toContainText('Lead');
	expect((await state(gym)).contacts?.find((c) => c.id === '990300')?.properties.lifecyclestage).toBe('lead');
});

test('Note and Meeting dialogs create associated engagements shown on the timeline; the filter narrows it', async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	const { page } = gym;
	await page.getByRole('button', { name: 'Note', exact: true }).click();
	const note = page.getByRole('dialog', { name: 'Create note' });
	await note.getByLabel('Note', { exact: true }).fill('Prefers email over phone.');
	await note.getByRole('button', { name: 'Save note' }).click();
	await expect(page.getByRole('article', { name: 'Note' })).toContainText('Prefers email over phone.');

	await page.getByRole('button', { name: 'Meeting', exact: true }).click();
	const meeting = page.getByRole('dialog', { name: 'Log meeting' });
	await meeting.getByLabel('Meeting title').fill('Discovery call');
	await pick(meeting, 'Outcome', 'Completed');
	await meeting.getByLabel('Start time').fill('2026-03-04T13:00');
	await meeting.getByLabel('End time').fill('2026-03-04T13:30');
	await meeting.getByRole('button', { name: 'Log activity' }).click();
	await expect(page.getByRole('heading', { name: 'Meeting: Discovery call' })).toBeVisible();

	const [n] = await linked(gym, 'notes', 'contacts', '990310');
	expect(n?.properties).toMatchObject({ hs_note_body: 'Prefers email over phone.', hubspot_owner_id: '1002' });
	expect(n?.properties.hs_timestamp).toMatch(/^2026-03-04T15:00:0\dZ|^2026-03-04T15:00:0\d\.\d{3}Z$/);
	const [m] = await linked(gym, 'meetings', 'contacts', '990310');
	expect(m?.properties).toMatchObject({
		hs_meeting_title: 'Discovery call',
		hs_meeting_outcome: 'COMPLETED',
		hs_meeting_start_time: '2026-03-04T13:00:00.000Z',
		hs_meeting_end_time: '2026-03-04T13:30:00.000Z'
	});

	await page.getByRole('tab', { name: 'Activities' }).click();
	await expect(page.getByRole('list', { name: 'Activities' }).getByRole('article')).toHaveCount(2);
	await page.getByRole('button', { name: 'Notes', exact: true }).click();
	await expect(page.getByRole('list', { name: 'Activities' }).getByRole('article')).toHaveCount(1);
	await expect(page.getByRole('article', { name: 'Note' })).toBeVisible();
	await page.getByRole('button', { name: 'Calls', exact: true }).click();
	await expect(page.getByText('No calls yet.')).toBeVisible();
});

test("Activities: a meeting card's Outcome dropdown sets hs_meeting_outcome on that meeting only", async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	const { page } = gym;
	for (const title of ['Discovery call', 'Pricing review']) {
		await page.getByRole('button', { name: 'Meeting', exact: true }).click();
		const meeting = page.getByRole('dialog', { name: 'Log meeting' });
		await meeting.getByLabel('Meeting title').fill(title);
		await pick(meeting, 'Outcome', 'Scheduled');
		await meeting.getByLabel('Start time').fill('2026-03-04T13:00');
		await meeting.getByLabel('End time').fill('2026-03-04T13:30');
		await meeting.getByRole('button', { name: 'Log activity' }).click();
		await expect(page.getByRole('heading', { name: `Meeting: ${title}` })).toBeVisible();
	}
	// The overview's "Recent activities" shows the outcome read-only; the Activities tab edits it.
	await expect(page.getByRole('combobox', { name: 'Outcome: Discovery call' })).toHaveCount(0);
	await page.getByRole('tab', { name: 'Activities' }).click();
	const control = page.getByRole('combobox', { name: 'Outcome: Discovery call' });
	await expect(control).toHaveText(/Scheduled/);
	await control.click();
	await page.getByRole('option', { name: 'Completed' }).click();
	await expect(page.getByText('Meeting outcome set to Completed')).toBeVisible();
	await expect(control).toHaveText(/Completed/);
	const byTitle = new Map((await linked(gym, 'meetings', 'contacts', '990310')).map((m) => [m.properties.hs_meeting_title, m.properties.hs_meeting_outcome]));
	expect(Object.fromEntries(byTitle)).toEqual({ 'Discovery call': 'COMPLETED', 'Pricing review': 'SCHEDULED' });
});

test('More › Merge: the chosen primary keeps its id and values, gets the other email, the meeting and the activities; the other is archived', async ({
	gym
}) => {
	// Koby Koepp: work record 101420, personal duplicate 190002 (a Calendly booking's meeting 340188 is on it).
	await start(gym, CALL, '/hubspot/contacts/190002');
	const { page } = gym;
	const before = await gym.exportState();
	await page.getByRole('button', { name: 'More', exact: true }).click();
	await page.getByRole('button', { name: 'Merge', exact: true }).click();
	let dialog = page.getByRole('dialog', { name: 'Merge contacts' });
	await expect(dialog.getByRole('button', { name: 'Merge', exact: true })).toBeDisabled();
	await dialog.getByRole('button', { name: 'Cancel' }).click();
	expect(await gym.exportState()).toBe(before);

	await page.getByRole('button', { name: 'More', exact: true }).click();
	await page.getByRole('button', { name: 'Merge', exact: true }).click();
	dialog = page.getByRole('dialog', { name: 'Merge contacts' });
	await dialog.getByLabel('Search contacts to merge with Koby Koepp').fill('Koby Koepp');
	await dialog.getByLabel('Koby Koepp (koby.koepp@krajcikkuhn.com)', { exact: true }).check();
	await expect(dialog.getByRole('group', { name: 'Primary record' }).getByLabel('Koby Koepp (koby.koepp12@outlook.com)')).toBeChecked();
	await dialog.getByRole('group', { name: 'Primary record' }).getByLabel('Koby Koepp (koby.koepp@krajcikkuhn.com)').check();
	await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
	await expect(page.getByText('Contacts merged')).toBeVisible();
	await expect(page).toHaveURL(/\/hubspot\/contacts\/101420$/);
	await expect(page.getByRole('heading', { level: 1, name: 'Koby Koepp' })).toBeVisible();

	const s = await state(gym);
	const work = s.contacts!.find((c) => c.id === '101420')!;
	expect(work.properties).toMatchObject({
		email: 'koby.koepp@krajcikkuhn.com',
		jobtitle: 'Operations Manager',
		hs_additional_emails: 'koby.koepp12@outlook.com'
	});
	expect((s.contacts!.find((c) => c.id === '190002') as Row & { archived?: boolean }).archived).toBe(true);
	expect((await linked(gym, 'meetings', 'contacts', '101420')).map((m) => m.id)).toContain('340188');
});

test('Call and Task dialogs; "Mark as complete" on the timeline completes the task', async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	const { page } = gym;
	await page.getByRole('button', { name: 'Call', exact: true }).click();
	const call = page.getByRole('dialog', { name: 'Log call' });
	await pick(call, 'Call outcome', 'Left voicemail');
	await pick(call, 'Direction', 'Inbound');
	await call.getByLabel('Duration (minutes)').fill('3');
	await call.getByLabel('Call notes').fill('Voicemail about pricing.');
	await call.getByRole('button', { name: 'Log activity' }).click();
	await expect(page.getByRole('heading', { name: 'Call – Left voicemail' })).toBeVisible();
	const [c] = await linked(gym, 'calls', 'contacts', '990310');
	expect(c?.properties).toMatchObject({
		hs_call_disposition: 'b2cf5968-551e-4856-9783-52b3da59a7d0',
		hs_call_status: 'COMPLETED',
		hs_call_direction: 'INBOUND',
		hs_call_duration: '180000',
		hs_call_body: 'Voicemail about pricing.'
	});

	await page.getByRole('button', { name: 'Task', exact: true }).click();
	const task = page.getByRole('dialog', { name: 'Create task' });
	await expect(task.getByLabel('Due date')).toHaveValue('2026-03-07');
	await task.getByLabel('Title').fill('Call Marco back');
	await pick(task, 'Task type', 'Call');
	await pick(task, 'Priority', 'Medium');
	await task.getByLabel('Due date').fill('2026-03-06');
	await task.getByLabel('Time').fill('10:30');
	await pick(task, 'Assigned to', 'Maya Patel');
	await task.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Task: Call Marco back' })).toBeVisible();
	let [t] = await linked(gym, 'tasks', 'contacts', '990310');
	expect(t?.properties).toMatchObject({
		hs_task_subject: 'Call Marco back',
		hs_task_type: 'CALL',
		hs_task_priority: 'MEDIUM',
		hs_task_status: 'NOT_STARTED',
		hs_timestamp: '2026-03-06T10:30:00.000Z',
		hubspot_owner_id: '1001'
	});

	await page.getByRole('button', { name: 'Mark as complete: Call Marco back' }).click();
	await expect(page.getByRole('button', { name: 'Mark as complete: Call Marco back' })).toHaveCount(0);
	[t] = await linked(gym, 'tasks', 'contacts', '990310');
	expect(t?.properties.hs_task_status).toBe('COMPLETED');
});

test('association cards: + Add an existing company, remove it, and create a deal with the association', async ({ gym }) => {
	await start(gym, DEAL, '/hubspot/contacts/990320');
	const { page } = gym;
	const companies = page.getByRole('region', { name: /^Companies/ });
	await expect(companies.getByRole('heading')).toHaveText('Companies (1)');
	await companies.getByRole('button', { name: 'Remove association with Brightwave Media' }).click();
	await expect(companies.getByRole('heading')).toHaveText('Companies (0)');
	expect((await state(gym)).associations.filter((a) => a.fromObjectId === '990320' && a.toObjectType === 'companies')).toEqual([]);

	await companies.getByRole('button', { name: 'Add companies' }).click();
	const add = page.getByRole('dialog', { name: 'Add Companies' });
	await add.getByLabel('Search companies').fill('brightwave');
	await add.getByRole('checkbox', { name: 'Brightwave Media' }).check();
	await add.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(companies.getByRole('link', { name: 'Brightwave Media' })).toBeVisible();
	expect(
		(await state(gym)).associations.some(
			(a) => a.fromObjectType === 'contacts' && a.fromObjectId === '990320' && a.toObjectId === '990321' && a.associationTypeId === 279
		)
	).toBe(true);

	await page.getByRole('button', { name: 'Add deals' }).click();
	const create = page.getByRole('dialog', { name: 'Add Deals' });
	await create.getByRole('tab', { name: 'Create new' }).click();
	await create.getByLabel('Deal name').fill('Brightwave – Pilot');
	await create.getByRole('button', { name: 'Create', exact: true }).click();
	await expect(create.getByRole('alert')).toBeHidden();
	await page.getByRole('link', { name: 'Brightwave – Pilot' }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Brightwave – Pilot' })).toBeVisible();
	await expect(page.getByRole('region', { name: /^Contacts/ }).getByRole('link', { name: 'Amara Nwosu' })).toBeVisible();
	const deal = (await state(gym)).deals?.find((d) => d.properties.dealname === 'Brightwave – Pilot');
	expect(deal?.properties).toMatchObject({ pipeline: 'default', dealstage: 'appointmentscheduled' });
});

test('composer: a token without value blocks Send naming it; filling the property unblocks it; Send logs the email', async ({ gym }) => {
	await start(gym, EMAIL, '/hubspot/contacts/990300');
	const { page } = gym;
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	let composer = page.getByRole('dialog', { name: 'Email' });
	await composer.getByLabel('Subject').fill('Notes for {{ company.name }}');
	await composer.getByLabel('Body').fill('Hi {{ contact.firstname }},\n\nSee you soon, {{ sender.firstname }}');
	await expect(composer.getByRole('alert')).toContainText('personalization tokens with no value: contact.firstname');
	await expect(composer.getByRole('region', { name: 'Preview' })).toContainText('Hi [[MISSING TOKEN - contact.firstname]],');
	await expect(composer.getByRole('region', { name: 'Preview' })).toContainText('Notes for Halden Robotics');
	await expect(composer.getByRole('button', { name: 'Send' })).toBeDisabled();
	// Typed tokens become non-editable chips named as HubSpot's editor names them.
	const body = composer.getByRole('textbox', { name: 'Body' });
	await expect(body.locator('[data-token="{{ contact.firstname }}"][contenteditable="false"]')).toHaveText('Contact: First name');
	await expect(body.locator('[data-token="{{ sender.firstname }}"]')).toHaveText('Sender: First name');
	// The composer is docked, not modal: the record page stays usable while it is open.
	await expect(composer).not.toHaveAttribute('aria-modal', 'true');
	await composer.getByRole('button', { name: 'Close' }).click();

	await editProperty(page, 'First name');
	await page.getByLabel('First name', { exact: true }).fill('Lena');
	await page.getByRole('button', { name: 'Save', exact: true }).click();
	await expect(page.getByRole('heading', { level: 1, name: 'Lena Vogt' })).toBeVisible();
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	composer = page.getByRole('dialog', { name: 'Email' });
	await expect(composer.getByRole('textbox', { name: 'Body' }).locator('[data-token="{{ contact.firstname }}"]')).toHaveCount(1); // the draft was kept
	await expect(composer.getByRole('textbox', { name: 'Body' })).toContainText('Hi Contact: First name,');
	await expect(composer.getByRole('region', { name: 'Preview' })).toContainText('Hi Lena,');
	await expect(composer.getByRole('alert')).toHaveCount(0);
	await composer.getByRole('button', { name: 'Send' }).click();
	await expect(page.getByRole('heading', { name: 'Email: Notes for Halden Robotics' })).toBeVisible();
	const [e] = await linked(gym, 'emails', 'contacts', '990300');
	expect(e?.properties).toMatchObject({
		hs_email_direction: 'EMAIL',
		hs_email_status: 'SENT',
		hs_email_subject: 'Notes for Halden Robotics',
		hs_email_text: 'Hi Lena,\n\nSee you soon, Sofia',
		hs_email_to_email: 'l.vogt@haldenrobotics.com',
		hubspot_owner_id: '1003'
	});
	expect(await linked(gym, 'emails', 'companies', '990301')).toHaveLength(1);
});

test('composer: Personalize inserts a token chip and stays a menu named "Personalize"', async ({ gym }) => {
	await start(gym, EMAIL, '/hubspot/contacts/990300');
	const { page } = gym;
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	const composer = page.getByRole('dialog', { name: 'Email' });
	const body = composer.getByRole('textbox', { name: 'Body' });
	await body.click();
	await pick(composer, 'Personalize', 'Sender: First name');
	await expect(body.locator('[data-token="{{ sender.firstname }}"][contenteditable="false"]')).toHaveText('Sender: First name');
	await expect(composer.getByRole('combobox', { name: 'Personalize', exact: true })).toHaveText('Personalize');
	await pick(composer, 'Personalize', 'Sender: First name');
	await expect(body.locator('[data-token="{{ sender.firstname }}"]')).toHaveCount(2);
	await expect(composer.getByRole('region', { name: 'Preview' })).toContainText(/Sofia\s*Sofia/);
});

test('composer: Templates inserts a sales template; its tokens resolve in the preview, a missing one blocks Send', async ({ gym }) => {
	await start(gym, EMAIL, '/hubspot/contacts/990300');
	const { page } = gym;
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	const composer = page.getByRole('dialog', { name: 'Email' });
	await composer.getByRole('button', { name: 'Templates' }).click();
	await composer.getByLabel('Search templates').fill('meeting');
	await expect(composer.getByRole('button', { name: /^Insert template / })).toHaveCount(1);
	await composer.getByRole('button', { name: 'Insert template Meeting request' }).click();
	await expect(composer.getByLabel('Subject')).toHaveValue('Quick question, {{ contact.firstname }}');
	const preview = composer.getByRole('region', { name: 'Preview' });
	await expect(preview).toContainText('Hi there,'); // default("there") for the missing first name
	await expect(preview).toContainText('sales onboarding at Halden Robotics?'); // the associated company
	await expect(preview).toContainText('Sofia'); // sender = From (the contact owner)
	await expect(composer.getByRole('alert')).toContainText('contact.firstname, sender.meetings_link');
	await expect(composer.getByRole('button', { name: 'Send' })).toBeDisabled();
	await pick(composer, 'From', 'Maya Patel <maya.patel@salesgym.io>');
	await expect(preview).toContainText('Maya');
});

test('More › Enroll in sequence opens the sequences dialog; the Sequences card shows the enrollment', async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	const { page } = gym;
	await expect(page.getByRole('heading', { name: 'Sequences (0)' })).toBeVisible();
	await page.getByRole('button', { name: 'More' }).click();
	await page.getByRole('button', { name: 'Enroll in sequence' }).click();
	const dialog = page.getByRole('dialog', { name: 'Enroll in sequence' });
	await pick(dialog, 'Sequence', 'VP Sales – Cold');
	await expect(dialog.getByRole('combobox', { name: 'Send emails from' })).toHaveText('Jordan Lee (jordan.lee@salesgym.io)'); // owner 1002
	await dialog.getByRole('button', { name: 'Enroll', exact: true }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('heading', { name: 'Sequences (1)' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'VP Sales – Cold' })).toBeVisible();
});

test('composer: an unsubscribed contact shows the warning and Send stays blocked', async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	await api(gym, 'PATCH', '/crm/v3/objects/contacts/990310', { properties: { hs_email_optout: 'true' } });
	await gym.page.reload();
	const { page } = gym;
	await expect(page.getByText('Unsubscribed from all email')).toBeVisible();
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	const composer = page.getByRole('dialog', { name: 'Email' });
	await composer.getByLabel('Subject').fill('Proposal');
	await composer.getByLabel('Body').fill('Hi Marco, the proposal is attached.');
	await expect(composer.getByRole('alert')).toContainText('This contact unsubscribed from all email.');
	await expect(composer.getByRole('button', { name: 'Send' })).toBeDisabled();
	await expectNoSeriousA11yViolations(page, '[role="dialog"]'); // the docked composer
});

test('task queue: views, Assigned to filter, Start N tasks with Complete and Skip, empty state', async ({ gym }) => {
	await start(gym, CALL, '/hubspot/contacts/990310');
	for (const [subject, due] of [
		['Queue task A', '2026-03-10T09:00:00.000Z'],
		['Queue task B', '2026-03-11T09:00:00.000Z']
	])
		await api(gym, 'POST', '/crm/v3/objects/tasks', {
			properties: {
				hs_task_subject: subject,
				hs_timestamp: due,
				hs_task_priority: 'HIGH',
				hs_task_type: 'EMAIL',
				hubspot_owner_id: '1012',
				hs_task_status: 'NOT_STARTED'
			},
			associations: [
				{ to: { id: '990310' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }] },
				...(subject === 'Queue task A' ? [{ to: { id: '100002' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 204 }] }] : [])
			]
		});
	const second = (await api(gym, 'GET', '/crm/v3/objects/contacts/100002')) as { properties: { firstname: string; lastname: string } };
	await gym.open('/hubspot/tasks');
	const { page } = gym;
	await expect(page.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
	await page.getByRole('tab', { name: 'Upcoming' }).click();
	await page.getByRole('combobox', { name: 'Assigned to' }).click();
	// The owners load asynchronously: poll until the list shows one besides "Any owner".
	await expect
		.poll(async () => (await page.getByRole('option').allTextContents()).map((o) => o.trim()).find((o) => o !== 'Any owner' && o.length > 0))
		.toBeTruthy();
	const { results: allOwners } = (await api(gym, 'GET', '/crm/v3/owners?limit=100')) as { results: { id: string; firstName: string; lastName: string }[] };
	const o1012 = allOwners.find((o) => o.id === '1012');
	const ownerOf1012 = `${o1012?.firstName} ${o1012?.lastName}`;
	await page.getByRole('option', { name: ownerOf1012, exact: true }).click();
	const table = page.getByRole('table', { name: 'Tasks' });
	// The view loads each task's associations: allow for a loaded machine.
	// Linked records in numeric id order, separated by ", " (100002 before 990310).
	await expect(table.getByRole('row', { name: /Queue task A/ })).toContainText(`${second.properties.firstname} ${second.properties.lastname}, Marco Bianchi`, {
		timeout: 20_000
	});
	await expect(table.getByRole('row', { name: /Queue task A/ })).toContainText('High');
	await expect(table.getByRole('row', { name: /Queue task A/ })).toContainText(ownerOf1012 ?? '');
	const count = await table.getByRole('row').count();
	await page.getByRole('button', { name: `Start ${count - 1} tasks` }).click();
	await expect(page.getByRole('heading', { name: 'Queue task A' })).toBeVisible();
	await page.getByRole('button', { name: 'Complete', exact: true }).click();
	await expect(page.getByRole('heading', { name: 'Queue task B' })).toBeVisible();
	await page.getByRole('button', { name: 'Skip', exact: true }).click();
	const tasks = await linked(gym, 'tasks', 'contacts', '990310');
	expect(Object.fromEntries(tasks.map((t) => [t.properties.hs_task_subject, t.properties.hs_task_status]))).toEqual({
		'Queue task A': 'COMPLETED',
		'Queue task B': 'NOT_STARTED'
	});
	await page.getByRole('button', { name: /^(Exit queue|Back to tasks)$/ }).click();
	await page.getByRole('checkbox', { name: 'Mark as complete: Queue task B' }).click();
	await expect(table.getByRole('row', { name: /Queue task B/ })).toHaveCount(0);
	expect((await linked(gym, 'tasks', 'contacts', '990310')).every((t) => t.properties.hs_task_status === 'COMPLETED')).toBe(true);
	if (count - 1 === 2) await expect(page.getByText('No tasks match the current filters.')).toBeVisible();
});

test('axe: contact, company and deal records, the open composer and the tasks screen', async ({ gym }) => {
	await start(gym, DEAL, '/hubspot/contacts/990320');
	const { page } = gym;
	await expect(page.getByRole('link', { name: 'Brightwave Media' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('tab', { name: 'Activities' }).click();
	await expectNoSeriousA11yViolations(page);
	await page.getByRole('button', { name: 'Email', exact: true }).click();
	await expect(page.getByRole('dialog', { name: 'Email' })).toBeVisible();
	await expectNoSeriousA11yViolations(page, '[role="dialog"]'); // the docked composer
	await page.getByRole('dialog', { name: 'Email' }).getByRole('button', { name: 'Close' }).click();

	await gym.open('/hubspot/companies/990321');
	await expect(page.getByRole('heading', { level: 1, name: 'Brightwave Media' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);

	await gym.open('/hubspot/deals/300001');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'About this deal' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);

	await gym.open('/hubspot/tasks');
	await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
	await expectNoSeriousA11yViolations(page);
});
