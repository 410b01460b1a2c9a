import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InputError, NotFoundError } from '../../core/errors.ts';
import { mathPlugin } from '../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../dev/testing/pipeline-worker.ts';
import { callPluginActivity } from './call-activity.ts';

let stack: TestPipelineWorker;
const call = (activity: string, input: unknown, options?: Parameters<typeof callPluginActivity>[4]) =>
  callPluginActivity(stack.runner.temporal, stack.runner.taskQueue, activity, input, options);

beforeAll(async () => {
  stack = await startTestPipelineWorker('call-activity', [meetingBookingPlugin, mathPlugin]);
});
afterAll(async () => {
  await stack.stop();
});

describe('callPluginActivity', () => {
  it('runs the activity on the worker and answers its output', async () => {
    await expect(call('math.double', { n: 21 })).resolves.toEqual({ n: 42 });
    await expect(call('math.double', { n: 4 }, { idempotencyKey: 'same' })).resolves.toEqual({ n: 8 });
    // A finished call's key may be used again: the plugin's own idempotency decides the answer.
    await expect(call('math.double', { n: 5 }, { idempotencyKey: 'same' })).resolves.toEqual({ n: 10 });
  });

  it('turns invalid input into an InputError with the plugin\'s message on one line', async () => {
    const error = await call('meeting-booking.proposeSlots', { workspaceId: 'acme', count: 0 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/^meeting-booking\.proposeSlots: invalid input: .*count/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('maps a business failure by its type to the platform error the caller names', async () => {
    const input = { workspaceId: 'acme', meetingId: '0123456789abcdef01234567', outcome: 'completed' };
    const error = await call('meeting-booking.markOutcome', input, { failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError } })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('no meeting 0123456789abcdef01234567 in workspace acme');
  });

  it('rethrows a failure the caller did not map', async () => {
    const unmapped = await call('meeting-booking.markOutcome', { workspaceId: 'acme', meetingId: 'x', outcome: 'completed' },
      { failures: { InvalidTransition: ConflictError } }).catch((failure: unknown) => failure);
    expect(unmapped).toBeInstanceOf(WorkflowFailedError);
    const negative = await call('math.checkPositive', { n: -1 }).catch((failure: unknown) => failure);
    expect(negative).toBeInstanceOf(WorkflowFailedError);
  });
});
