import { redirect } from '@sveltejs/kit';
import type { PageLoad } from './$types';

/** `/outreach` has no screen of its own: like Outreach's home for a rep, it opens the Prospects list. */
export const load: PageLoad = () => {
	redirect(307, '/outreach/prospects');
};
