// What the email domain offers the domains above it (and only this: lint refuses a deeper import):
// a sequence's state and its controls, enrolment's step name, the campaign's mailboxes, and where an email stands.
export { knownMailboxIds } from './mailboxes/campaign-mailboxes.ts';
export type { Mailbox } from './mailboxes/model.ts';
export { OUTBOX_STATUSES, type OutboxStatus } from './outbox/model.ts';
export { SequenceControlBody, SequenceStateSchema } from './sequences/api-schemas.ts';
export { controlSequence, controlSequences, sequenceStateOf } from './sequences/control.ts';
export { ENROLL_ACTIVITY } from './sequences/enrollment.ts';
