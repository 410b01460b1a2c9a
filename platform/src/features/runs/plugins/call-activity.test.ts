import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, InputError, NotFoundError } from '../../../core/errors.ts';
import { mathPlugin } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { callPluginActivity, callPluginService } from './call-activity.ts';
import { PluginHost } from './host.ts';
import { testRunContext } from '../../../../dev/testing/principals.ts';

let stack: TestPipelineWorker;
// Each call runs in a workspace the test names, as the platform gives it: the run context, never the input.
const call = (activity: string, input: unknown, options?: Parameters<typeof callPluginActivity>[5], workspace = 'acme') =>
  callPluginActivity(stack.runner.temporal, stack.runner.taskQueue, activity, input, testRunContext(workspace), options);

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
    const error = await call('meeting-booking.proposeSlots', { count: 0 }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/^meeting-booking\.proposeSlots: invalid input: .*count/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('maps a business failure by its type to the platform error the caller names', async () => {
    const input = { meetingId: '0123456789abcdef01234567', outcome: 'completed' };
    const error = await call('meeting-booking.markOutcome', input, {
      failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError },
    }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe('no meeting 0123456789abcdef01234567 in workspace acme');
  });

  it('rethrows a failure the caller did not map', async () => {
    const unmapped = await call(
      'meeting-booking.markOutcome',
      { meetingId: 'x', outcome: 'completed' },
      { failures: { InvalidTransition: ConflictError } },
    ).catch((failure: unknown) => failure);
    expect(unmapped).toBeInstanceOf(WorkflowFailedError);
    const negative = await call('math.checkPositive', { n: -1 }).catch((failure: unknown) => failure);
    expect(negative).toBeInstanceOf(WorkflowFailedError);
  });
});

describe('callPluginService', () => {
  const service = (name: string, input: unknown, failures?: Parameters<typeof callPluginService>[4], workspace = 'service') =>
    callPluginService({ host: stack.host, connection: stack.database }, name, input, testRunContext(workspace), failures);

  it("runs a service in this process over the plugin's own collections: the meetings the worker booked", async () => {
    const slots = (await call('meeting-booking.proposeSlots', { count: 1 }, {}, 'service')) as { slots: Array<{ start: string }> };
    const booked = (await call(
      'meeting-booking.bookMeeting',
      {
        prospectId: 7,
        prospect: { name: 'Ada Lovelace', email: 'ada@analytical.example' },
        start: slots.slots[0]!.start,
        idempotencyKey: 'service-booking',
      },
      {},
      'service',
    )) as { meeting: { id: string }; ics: string };
    const { meetings } = (await service('meeting-booking.listMeetings', {})) as { meetings: Array<{ id: string }> };
    expect(meetings.map((meeting) => meeting.id)).toEqual([booked.meeting.id]);
    await expect(service('meeting-booking.invitation', { meetingId: booked.meeting.id })).resolves.toEqual({ ics: booked.ics });
    // The same calls in another workspace's context see nothing of it: the context decides, not the input.
    await expect(service('meeting-booking.listMeetings', {}, undefined, 'elsewhere')).resolves.toEqual({ meetings: [] });
    await expect(
      service(
        'meeting-booking.invitation',
        { meetingId: booked.meeting.id },
        { failures: { MeetingNotFound: NotFoundError } },
        'elsewhere',
      ),
    ).rejects.toThrow(NotFoundError);
  });

  it("translates its failures like an activity's, and refuses an activity that is not a service", async () => {
    const missing = await service(
      'meeting-booking.invitation',
      { meetingId: 'nope' },
      { failures: { MeetingNotFound: NotFoundError } },
    ).catch((failure: unknown) => failure);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as Error).message).toBe('No meeting nope in this workspace');
    await expect(service('meeting-booking.listMeetings', { from: 'yesterday' })).rejects.toThrow(InputError);
    await expect(service('meeting-booking.bookMeeting', {})).rejects.toThrow(
      'meeting-booking.bookMeeting is not a service of plugin "meeting-booking"',
    );
    await expect(service('nobody.listMeetings', {})).rejects.toThrow('no plugin "nobody" is installed');
  });

  it("answers the outreach plugin's template copy, in its order", async () => {
    const host = PluginHost.load([outreachPlugin]);
    const { templates } = (await callPluginService(
      { host, connection: stack.database },
      'outreach.templates',
      {},
      testRunContext('acme'),
    )) as {
      templates: Array<{ id: string; subjects: string[] }>;
    };
    expect(templates.map((template) => template.id)).toEqual(['roi-focused', 'pain-point', 'value-prop']);
    expect(templates.every((template) => template.subjects.length > 0)).toBe(true);
  });
});
