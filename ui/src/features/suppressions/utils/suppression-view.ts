import { roleAtLeast, type Role } from '../../auth/index.ts';
import type { MemberName, Suppression, SuppressionSource } from '../api/suppressions-api.ts';
import { formatNumber } from '../../../utils/format.ts';

/** True when `role` may add and remove entries (admins and owners, as the API checks). */
export const canManageSuppressions = (role: Role | null): role is Role => role !== null && roleAtLeast(role, 'admin');

/** The most entries one request adds (the API's MAX_ENTRIES). */
export const MAX_ENTRIES = 1_000;

/** Each source as the list says it, and the colour of its reason badge. */
export const SOURCES: Record<SuppressionSource, { label: string; badge: string }> = {
  unsubscribe: { label: 'Unsubscribe link', badge: 'badge-warning' },
  bounce: { label: 'Hard bounce', badge: 'badge-error' },
  reply: { label: 'Reply', badge: 'badge-info' },
  manual: { label: 'Added by hand', badge: 'badge-neutral' },
};

/** An entry as people read it: the address, or the domain alone (`*@acme.com` → `acme.com`). */
export const entryLabel = (entry: Pick<Suppression, 'email' | 'kind'>): string =>
  entry.kind === 'domain' ? entry.email.replace(/^\*@/, '') : entry.email;

/**
 * Who added an entry by hand, from its principal id (`user:<id>` or `token:<id>`): "you", a
 * member's name, "an API token", or "a former member" once they have left the workspace.
 */
export function adderName(addedBy: string, members: readonly MemberName[] | undefined, myUserId: string | null): string {
  const colon = addedBy.indexOf(':');
  const [kind, id] = colon < 0 ? ['', addedBy] : [addedBy.slice(0, colon), addedBy.slice(colon + 1)];
  if (kind === 'token') return 'an API token';
  if (kind !== 'user') return addedBy;
  if (id === myUserId) return 'you';
  const member = members?.find((candidate) => candidate.userId === id);
  if (member) return member.name;
  return members ? 'a former member' : 'a member';
}

/** The entries typed in the textarea (one a line, blank lines skipped), each with its line number for messages. */
export function entryLines(text: string): Array<{ entry: string; line: number }> {
  return text
    .split(/\r?\n/)
    .map((entry, index) => ({ entry: entry.trim(), line: index + 1 }))
    .filter(({ entry }) => entry !== '');
}

/** The API's refusals of single entries (fields `entries.N`), as lines of the textarea: "Line 3: "ada@" is not an email address". */
export function refusedLines(fields: Record<string, string>, lines: ReadonlyArray<{ line: number }>): string[] {
  return Object.entries(fields).flatMap(([field, problem]) => {
    const index = /^entries\.(\d+)$/.exec(field)?.[1];
    if (index === undefined) return [];
    const line = lines[Number(index)]?.line;
    return [line === undefined ? problem : `Line ${line}: ${problem}`];
  });
}

/** "1 entry", "3 entries". */
export const entryCount = (count: number): string => `${formatNumber(count)} ${count === 1 ? 'entry' : 'entries'}`;

/** What an add did, for its toast: "3 added; 1 was already on the list." */
export function addedText({ added, alreadyPresent }: { added: number; alreadyPresent: number }): string {
  const present =
    alreadyPresent === 0 ? '' : `; ${entryCount(alreadyPresent)} ${alreadyPresent === 1 ? 'was' : 'were'} already on the list`;
  return `${added === 0 ? 'Nothing new added' : `${entryCount(added)} added`}${present}.`;
}

/** A reason as a label: its first letter capitalised ("asked to be removed" → "Asked to be removed"). */
export const reasonLabel = (reason: string): string => reason.charAt(0).toUpperCase() + reason.slice(1);
