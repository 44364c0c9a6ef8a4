// The server's sign-in and sign-out routes. They are opened as full pages, never fetched: the server
// (or the identity provider it redirects to) answers them with a page or a redirect.

export const SIGN_IN_URL = '/api/login';
export const SIGN_UP_URL = '/api/login?mode=signup';
export const SIGN_OUT_URL = '/api/logout';

/** Sign-in that comes back to `returnTo` (by default, the page the member is on). */
export function loginUrl(returnTo = window.location.pathname + window.location.search): string {
  return `${SIGN_IN_URL}?returnTo=${encodeURIComponent(returnTo)}`;
}
