import { redirect } from '@sveltejs/kit';
import type { PageLoad } from './$types';

/** `/salesnav` has no screen of its own: like Sales Navigator's `/sales`, it opens Home. */
export const load: PageLoad = () => {
	redirect(307, '/salesnav/home');
};
