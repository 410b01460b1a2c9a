// Evidence snippets are exact text from the page: never rewritten, only cut to length.

/** The longest evidence snippet a fact carries (FactSchema's limit). */
export const MAX_SNIPPET = 300;

/** Collapses runs of whitespace, as text extracted from HTML is compared and quoted. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts text to at most `max` characters, at a word boundary when there is one. */
export function clip(text: string, max = MAX_SNIPPET): string {
  const clean = normalizeSpace(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

/** The text around a match: `context` characters either side, clipped to whole words. */
export function around(text: string, index: number, length: number, context = 60): string {
  const start = Math.max(0, index - context);
  const end = Math.min(text.length, index + length + context);
  const whole = text.slice(start, end);
  let window = whole;
  // Drop the partial words at the window's edges (unless the edge is the text's own end).
  if (start > 0) window = window.replace(/^\S*\s/, '');
  if (end < text.length) window = window.replace(/\s\S*$/, '');
  // Minified code has few spaces: a trim that would cut into the match itself keeps the window as it is.
  return clip(window.includes(text.slice(index, index + length)) ? window : whole);
}
