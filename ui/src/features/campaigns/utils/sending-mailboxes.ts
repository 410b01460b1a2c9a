import type { Mailbox } from '../../mailboxes/index.ts';

/** What the "Sending mailboxes" list needs of a mailbox. */
export type MailboxOption = Pick<Mailbox, 'id' | 'fromName' | 'fromAddress' | 'status'>;

/** One line of the "Sending mailboxes" list. */
export interface MailboxChoice {
  id: string;
  /** The address it sends from; for a chosen mailbox removed since, its id. */
  fromAddress: string;
  fromName: string;
  checked: boolean;
  paused: boolean;
  /** Chosen by the campaign but no longer one of the workspace's mailboxes: it sends nothing, and unticking drops it. */
  removed: boolean;
}

/** The workspace's mailboxes, each ticked when the campaign chose it, then those it chose that were removed since. */
export function mailboxChoices(mailboxes: readonly MailboxOption[], chosen: readonly string[]): MailboxChoice[] {
  const known = new Set(mailboxes.map((mailbox) => mailbox.id));
  return [
    ...mailboxes.map((mailbox) => ({
      id: mailbox.id,
      fromAddress: mailbox.fromAddress,
      fromName: mailbox.fromName,
      checked: chosen.includes(mailbox.id),
      paused: mailbox.status === 'paused',
      removed: false,
    })),
    ...chosen
      .filter((id) => !known.has(id))
      .map((id) => ({ id, fromAddress: id, fromName: 'Removed mailbox', checked: true, paused: false, removed: true })),
  ];
}

/** The choice with `id` ticked when it was not, unticked when it was. */
export function toggleMailbox(chosen: readonly string[], id: string): string[] {
  return chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id];
}

/** True when both choices name the same mailboxes, whatever the order. */
export function sameMailboxes(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((id) => right.includes(id));
}

/**
 * What a choice sends through, in a sentence, as the sending step applies it (none ticked: every
 * active mailbox); a warning when nothing it names can send, so its emails would wait.
 */
export function sendingSummary(mailboxes: readonly MailboxOption[], chosen: readonly string[]): { text: string; warning: boolean } {
  const active = mailboxes.filter((mailbox) => mailbox.status === 'active');
  if (chosen.length === 0) {
    if (mailboxes.length === 0) return { text: 'No mailbox is connected yet: its emails wait until one is.', warning: true };
    if (active.length === 0) return { text: 'All active mailboxes: none is active now, so its emails wait.', warning: true };
    const through =
      active.length === 1
        ? `go out through ${active[0]!.fromAddress}, the only one active now`
        : `take turns among the ${active.length} active now`;
    return { text: `All active mailboxes: its emails ${through}.`, warning: false };
  }
  const sending = active.filter((mailbox) => chosen.includes(mailbox.id));
  if (sending.length === 0) {
    return { text: 'None of the chosen mailboxes is active: its emails wait until one is resumed or others are chosen.', warning: true };
  }
  const through =
    sending.length === 1
      ? `Its emails go out through ${sending[0]!.fromAddress}`
      : `Its emails take turns among ${sending.length} chosen mailboxes`;
  const idle = chosen.length - sending.length;
  return { text: `${through}${idle > 0 ? ` (${idle} more chosen, paused or removed)` : ''}.`, warning: false };
}
