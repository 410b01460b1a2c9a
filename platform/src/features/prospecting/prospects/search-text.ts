import { escapeRegex } from '../../../core/regex.ts';
/** The words a prospect is found by: each name and the company whole and word by word, the email whole, its local part and domain. */
export function searchWords(prospect: { firstName: string; lastName: string; company: string; email: string }): string[] {
  const email = prospect.email.toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const words = [prospect.firstName, prospect.lastName, prospect.company].flatMap((field) => {
    const lower = field.toLowerCase().trim();
    return [lower, ...lower.split(/[^\p{L}\p{N}]+/u)];
  });
  return [...new Set([...words, email, local, domain].filter(Boolean))];
}

/**
 * The filter for a free-text search: every typed word must start one of the stored words.
 * Anchored (`^`) and escaped, so it can use the `searchText` index and typed symbols match literally.
 */
export function searchFilter(search: string | undefined): Record<string, unknown> {
  const terms = searchTerms(search);
  if (terms.length === 0) return {};
  return { $and: terms.map((term) => ({ searchText: { $regex: `^${escapeRegex(term)}` } })) };
}

/** The typed words of a search, lowercased as the stored words are. */
export const searchTerms = (search: string | undefined): string[] => (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** Whether every term starts one of the words: what searchFilter's anchored regexes ask of the database. */
export const matchesTerms = (words: readonly string[], terms: readonly string[]): boolean =>
  terms.every((term) => words.some((word) => word.startsWith(term)));
