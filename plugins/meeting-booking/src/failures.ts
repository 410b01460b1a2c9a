import { ApplicationFailure } from '@temporalio/common';

/** Business failures of meeting booking: retrying would give the same answer, so none is retried. */
export type MeetingFailureType = 'SlotUnavailable' | 'MeetingNotFound' | 'MeetingCancelled' | 'InvalidTransition' | 'IdempotencyKeyReused';

/** A non-retryable failure the workflow can branch on by its type. */
export function meetingFailure(type: MeetingFailureType, message: string): ApplicationFailure {
  return ApplicationFailure.create({ type, message, nonRetryable: true });
}
