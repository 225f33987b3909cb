/**
 * The app is a static SPA (adapter-static fallback page): every route renders in the browser, where the
 * Service Worker serves the gym APIs. Nothing is server-rendered or prerendered.
 */
export const ssr = false;
export const prerender = false;
