import type { Slot } from '@meetflow/plugin-sdk/contracts/meeting-booking';

/**
 * The email that answers an interested reply: the free slots meeting booking offers, as a short
 * list the prospect picks from, in the thread of the first email (`Re:` its subject), with their
 * booking link when they have one. The mailbox's signature is added when it is sent.
 */
export function meetingProposalEmail(input: {
  firstName: string;
  firstSubject: string | null;
  slots: readonly Slot[];
  /** The prospect's public booking page: offered beside the times, to pick any free one. */
  bookingUrl?: string | null;
}) {
  const minutes = input.slots[0] ? Math.round((Date.parse(input.slots[0].end) - Date.parse(input.slots[0].start)) / 60_000) : 30;
  const subject = input.firstSubject
    ? /^re:/i.test(input.firstSubject)
      ? input.firstSubject
      : `Re: ${input.firstSubject}`
    : 'Times for a call';
  const greeting = input.firstName.trim() ? `Hi ${input.firstName.trim()},` : 'Hi,';
  const body = [
    greeting,
    '',
    `Glad to hear it. Would one of these times work for a ${minutes}-minute call?`,
    '',
    ...input.slots.map((slot) => `- ${slot.label}`),
    '',
    ...(input.bookingUrl ? [`Or pick any free time yourself (the invitation comes at once): ${input.bookingUrl}`, ''] : []),
    'If none of them suits you, reply with a time that does and I will send an invitation.',
  ].join('\n');
  return { subject, body };
}
