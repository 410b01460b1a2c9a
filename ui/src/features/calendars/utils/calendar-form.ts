import type { CalendarProvider } from '../api/calendars-api.ts';

/** An empty connect form for a provider: every field it declares, blank. */
export function emptyAccount(provider: CalendarProvider): Record<string, string> {
  return Object.fromEntries(provider.fields.map((field) => [field.key, '']));
}

/** The API's field errors (`account.<key>`) by the form's field key; other fields' errors under ''. */
export function fieldErrors(fields: Record<string, string>): Record<string, string> {
  const byKey: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = path.startsWith('account.') ? path.slice('account.'.length) : '';
    byKey[key] = byKey[key] ? `${byKey[key]}; ${message}` : message;
  }
  return byKey;
}

/** The input type of a field: a secret one is a password field; a URL one a url field. */
export function inputTypeOf(field: { key: string; secret: boolean }): 'password' | 'url' | 'text' {
  if (field.secret) return 'password';
  return /url$/i.test(field.key) ? 'url' : 'text';
}

/** The button of a calendar connected through its provider's sign-in: "Connect with Google" for "Google Calendar", the provider's first word. */
export function oauthButtonLabel(displayName: string): string {
  return `Connect with ${displayName.trim().split(/\s+/)[0] || displayName}`;
}

/** A provider the OAuth callback may name: a calendar's or a CRM's (their connect flows share the callback). */
export interface OAuthProvider {
  pluginId: string;
  displayName: string;
  kind: 'calendar' | 'crm';
}

const CONNECTED_SAYS: Record<OAuthProvider['kind'], string> = {
  calendar: 'the slots Meetflow offers now avoid its busy times.',
  crm: 'Meetflow syncs prospects, emails and meetings to it, and discovery leaves out its customers and open deals.',
};

/**
 * What the OAuth callback said, from the page's query (`?connected=<plugin>` or `?oauth_error=<why>`),
 * as a toast: connected, named by the provider (a calendar or a CRM) when it is known; or the
 * reason in the API's words (which name the provider: the query does not say its kind).
 */
export function oauthOutcome(
  search: URLSearchParams,
  providers: readonly OAuthProvider[],
): { title: string; description: string; tone: 'success' | 'error' } | null {
  const error = search.get('oauth_error');
  if (error) return { title: 'Not connected', description: error.slice(0, 500), tone: 'error' };
  const connected = search.get('connected');
  if (!connected) return null;
  const provider = providers.find((candidate) => candidate.pluginId === connected);
  if (!provider) return { title: 'Connected', description: 'The account is connected.', tone: 'success' };
  return {
    title: `${provider.displayName} connected`,
    description: `${provider.displayName} is connected: ${CONNECTED_SAYS[provider.kind]}`,
    tone: 'success',
  };
}
