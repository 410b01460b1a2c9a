/** Where signing in leads when nothing (or nothing safe) says otherwise. */
export const DEFAULT_NEXT = '/dashboard';

const ORIGIN = 'http://meetflow.local';
const AUTH_PAGES = ['/signin', '/signup', '/forgot-password', '/reset-password', '/verify-email', '/account/password'];

/**
 * The page to go to after signing in: `next` when it is a path of this site, else the dashboard.
 * A full or protocol-relative address (`//host`), a backslash or control character (which
 * browsers read as `//host`) never leads off the site; a sign-in page never leads back to itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return DEFAULT_NEXT;
  const url = new URL(next, ORIGIN);
  if (url.origin !== ORIGIN || AUTH_PAGES.includes(url.pathname)) return DEFAULT_NEXT;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `page?next=<path>`, the path's slashes left readable (a query may hold them). */
function withNext(page: string, next: string): string {
  return `${page}?next=${encodeURIComponent(next).replaceAll('%2F', '/')}`;
}

/** The Sign In page, coming back to `next` afterwards. */
export const signInPath = (next: string) => withNext('/signin', next);

/** The Sign Up page, going on to `next` afterwards. */
export const signUpPath = (next: string) => withNext('/signup', next);

/** The token of an emailed link (`#token=…`: a fragment, which browsers never send to a server), or '' when it has none. */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Where a signed-in user changes their password (and one with a one-time password must, first). */
export const CHANGE_PASSWORD_PAGE = '/account/password';

/** Change password, going back to `next` afterwards. */
export const changePasswordPath = (next: string) => withNext(CHANGE_PASSWORD_PAGE, next);
