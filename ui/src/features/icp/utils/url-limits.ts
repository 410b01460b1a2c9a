/** Customer URLs per analysis (spec sections 5 and 9): the form starts with, and keeps, at least this many fields. */
export const MIN_URLS = 3;
/** The API's limit, and the most URL fields the form offers. */
export const MAX_URLS = 10;

/** The URLs that count: non-blank, trimmed (the API drops blank entries too). */
export function filledUrls(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter(Boolean);
}
