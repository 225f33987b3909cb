/**
 * axe-core on the HubSpot screens that exist on main: no serious or critical violation.
 * Screens added by later slices carry their own axe test beside their e2e spec.
 */
import { expectNoSeriousA11yViolations } from './axe';
import { expect, reusedGymTest as test } from './fixtures';

test.beforeEach(async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await gym.reset({ task_id: 'hubspot/inbound-demo-request-v1', run_id: 'a11y' });
});

test('contacts index: no serious or critical axe violation', async ({ gym }) => {
	await gym.open('/hubspot/contacts');
	await expect(gym.page.getByRole('table')).toBeVisible();
	await expectNoSeriousA11yViolations(gym.page);
});

test('contact record: no serious or critical axe violation', async ({ gym }) => {
	await gym.open('/hubspot/contacts/990001');
	await expect(gym.page.getByRole('heading', { level: 1 })).toBeVisible();
	await expectNoSeriousA11yViolations(gym.page);
});
