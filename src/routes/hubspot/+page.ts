import { redirect } from '@sveltejs/kit';
import type { PageLoad } from './$types';

/** `/hubspot` has no screen of its own: like HubSpot's CRM home, it opens the contacts index. */
export const load: PageLoad = () => {
	redirect(307, '/hubspot/contacts');
};
