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
