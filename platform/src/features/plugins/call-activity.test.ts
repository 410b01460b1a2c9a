import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InputError, NotFoundError } from '../../core/errors.ts';
import { mathPlugin } from '../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../dev/testing/pipeline-worker.ts';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { callPluginActivity, callPluginService } from './call-activity.ts';
import { PluginHost } from './host.ts';

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

  it("turns invalid input into an InputError with the plugin's message on one line", async () => {
    const error = await call('meeting-booking.proposeSlots', { workspaceId: 'acme', count: 0 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/^meeting-booking\.proposeSlots: invalid input: .*count/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('maps a business failure by its type to the platform error the caller names', async () => {
    const input = { workspaceId: 'acme', meetingId: '0123456789abcdef01234567', outcome: 'completed' };
    const error = await call('meeting-booking.markOutcome', input, {
      failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError },
    }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('no meeting 0123456789abcdef01234567 in workspace acme');
  });

  it('rethrows a failure the caller did not map', async () => {
    const unmapped = await call(
      'meeting-booking.markOutcome',
      { workspaceId: 'acme', meetingId: 'x', outcome: 'completed' },
      { failures: { InvalidTransition: ConflictError } },
    ).catch((failure: unknown) => failure);
    expect(unmapped).toBeInstanceOf(WorkflowFailedError);
    const negative = await call('math.checkPositive', { n: -1 }).catch((failure: unknown) => failure);
    expect(negative).toBeInstanceOf(WorkflowFailedError);
  });
});

describe('callPluginService', () => {
  const service = (name: string, input: unknown, failures?: Parameters<typeof callPluginService>[3]) =>
    callPluginService({ host: stack.host, connection: stack.database }, name, input, failures);

  it("runs a service in this process over the plugin's own collections: the meetings the worker booked", async () => {
    const booked = (await call('meeting-booking.bookMeeting', {
      workspaceId: 'service',
      prospectId: 7,
      prospect: { name: 'Ada Lovelace', email: 'ada@analytical.example' },
      start: ((await call('meeting-booking.proposeSlots', { workspaceId: 'service', count: 1 })) as { slots: Array<{ start: string }> })
        .slots[0]!.start,
      idempotencyKey: 'service-booking',
    })) as { meeting: { id: string }; ics: string };
    const { meetings } = (await service('meeting-booking.listMeetings', { workspaceId: 'service' })) as { meetings: Array<{ id: string }> };
    expect(meetings.map((meeting) => meeting.id)).toEqual([booked.meeting.id]);
    await expect(service('meeting-booking.invitation', { workspaceId: 'service', meetingId: booked.meeting.id })).resolves.toEqual({
      ics: booked.ics,
    });
  });

  it("translates its failures like an activity's, and refuses an activity that is not a service", async () => {
    const missing = await service(
      'meeting-booking.invitation',
      { workspaceId: 'service', meetingId: 'nope' },
      { failures: { MeetingNotFound: NotFoundError } },
    ).catch((failure: unknown) => failure);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as Error).message).toBe('No meeting nope in this workspace');
    await expect(service('meeting-booking.listMeetings', { workspaceId: '' })).rejects.toThrow(InputError);
    await expect(service('meeting-booking.bookMeeting', {})).rejects.toThrow(
      'meeting-booking.bookMeeting is not a service of plugin "meeting-booking"',
    );
    await expect(service('nobody.listMeetings', {})).rejects.toThrow('no plugin "nobody" is installed');
  });

  it("answers the outreach plugin's template copy, in its order", async () => {
    const host = PluginHost.load([outreachPlugin]);
    const { templates } = (await callPluginService({ host, connection: stack.database }, 'outreach.templates', {})) as {
      templates: Array<{ id: string; subjects: string[] }>;
    };
    expect(templates.map((template) => template.id)).toEqual(['roi-focused', 'pain-point', 'value-prop']);
    expect(templates.every((template) => template.subjects.length > 0)).toBe(true);
  });
});
