import { redirect } from '@sveltejs/kit';
import type { PageLoad } from './$types';

/** `/calendly` opens Scheduling (event types), Calendly's home after sign-in. */
export const load: PageLoad = () => {
	redirect(307, '/calendly/scheduling');
};
