// What the email domain offers the domains above it (and only this: lint refuses a deeper import):
// a sequence's state and its controls, enrolment's step name, the campaign's mailboxes, where an email stands,
// the Inbox's messages and conversations, one-off emails (a meeting's invitation), and holding a workspace's outreach (billing's pause).
export { knownMailboxIds } from './mailboxes/campaign-mailboxes.ts';
export type { Mailbox } from './mailboxes/model.ts';
export { OUTBOX_STATUSES, type OutboxStatus } from './outbox/model.ts';
export { SequenceControlBody, SequenceStateSchema } from './sequences/api-schemas.ts';
export { controlSequence, controlSequences, sequenceStateOf, sequenceStatesOf, type SequenceDeps } from './sequences/control.ts';
export { sequenceAddresses, type SequenceAddress, type SequenceDirectoryDb } from './sequences/directory.ts';
export { ENROLL_ACTIVITY, sequenceWorkflowId } from './sequences/enrollment.ts';
export { oneOffWorkflowId, sendOneOff, type OneOffDb } from './inbox/one-off.ts';
export { inboxMessageOf, inboxProspectOf, inboxThread, type InboxDb, type InboxDeps } from './inbox/inbox.ts';
export { InboxParams, inboxBadRequest, inboxNotFound, ThreadSchema as InboxThreadSchema } from './inbox/routes.ts';
export { signalSequence } from './sequences/control.ts';
export { pauseSending, resumeSending, sendingPauseOf, type SendingPause } from './sending/sending-pause.ts';
// A calendar's answer to an invitation (iCalendar REPLY) read from inbound mail: revenue's meetings register what it does.
export {
  propertyOf,
  readICalendar,
  registerCalendarReplyHandler,
  type CalendarReply,
  type CalendarReplyOutcome,
} from './inbound/calendar-reply.ts';
