import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import type { listMeetingsOutput, MeetingStatus } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import type { z } from 'zod';
import { dashboardRollupModels } from '../../insights/services.ts';
import { outcomeEventModels } from '../../insights/services.ts';
import { prospectModel } from '../../prospecting/services.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { creditProspectOutcomes, experimentCreditModels, recordOutcome } from '../../insights/services.ts';
import { callDeclaredActivity, callPluginService, type DeclaredCallOptions, type PluginApiDeps } from '../../runs/services.ts';
import { findProspect } from '../../prospecting/services.ts';
import { chargeMeetingOutcome } from './charge.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';

/** What the meeting services run over. */
export type MeetingDeps = PluginApiDeps;

/** A meeting as the API shows it (the prospect's email stays with the plugin). */
export interface ApiMeeting {
  id: string;
  prospectId: number;
  prospectName: string;
  scheduledAt: string;
  durationMinutes: number;
  status: MeetingStatus;
  meetingUrl: string;
  bookedAt: string;
}

/** What booking a meeting needs; `idempotencyKey` comes from the request's header when it has one. */
export interface BookingRequest {
  prospectId: number;
  prospect: { name: string; email: string };
  scheduledAt: string;
  idempotencyKey?: string | undefined;
}

type MeetingView = z.output<typeof listMeetingsOutput>['meetings'][number];

const toApiMeeting = ({ prospectEmail: _email, ...meeting }: MeetingView): ApiMeeting => meeting;

function call(
  deps: MeetingDeps,
  activity: Exclude<keyof typeof MEETING_BOOKING, 'plugin'>,
  input: unknown,
  run: WorkspaceRunContext,
  options: DeclaredCallOptions = {},
) {
  return callDeclaredActivity(deps, MEETING_BOOKING[activity], input, run, options);
}

/** The workspace's meetings, earliest first, from the plugin's listMeetings service. */
export async function listMeetings(deps: MeetingDeps, run: WorkspaceRunContext): Promise<ApiMeeting[]> {
  const { meetings } = (await callPluginService(deps, MEETING_BOOKING.listMeetings, {}, run)) as z.output<typeof listMeetingsOutput>;
  return meetings.map(toApiMeeting);
}

/**
 * Books through the plugin, for a prospect of the workspace only (404 naming the id otherwise).
 * Without a client key the booking is keyed by workspace, prospect and start, so a resubmitted
 * form returns the same meeting instead of clashing with itself.
 */
export async function bookMeeting(deps: MeetingDeps, run: WorkspaceRunContext, request: BookingRequest): Promise<unknown> {
  const { workspaceId } = run;
  // Checked before the plugin runs: a meeting with no prospect behind it would still count as an outcome (dashboard, learning, pricing).
  await findProspect({ prospects: prospectModel(deps.connection) }, workspaceId, request.prospectId);
  const start = new Date(request.scheduledAt).toISOString();
  const idempotencyKey = request.idempotencyKey ?? `${workspaceId}:${request.prospectId}:${start}`;
  const booked = (await call(
    deps,
    'bookMeeting',
    { prospectId: request.prospectId, prospect: request.prospect, start: request.scheduledAt, idempotencyKey },
    run,
    {
      // The workflow id also carries the request, so a key reused for another booking reaches the plugin's own check.
      idempotencyKey: `${workspaceId}:${idempotencyKey}:${request.prospectId}:${start}`,
      failures: { SlotUnavailable: ConflictError, IdempotencyKeyReused: ConflictError },
    },
  )) as { meeting: { id: string } };
  await recordMeetingOutcome(deps, workspaceId, booked.meeting.id, 'meeting_booked', request.prospectId);
  return booked;
}

/** Meetings are outcomes: booked, attended or not feed the dashboard, learning and pricing (once per meeting). */
async function recordMeetingOutcome(
  deps: MeetingDeps,
  workspaceId: string,
  meetingId: string,
  type: 'meeting_booked' | 'meeting_attended' | 'meeting_no_show',
  prospectId?: number,
): Promise<void> {
  const db = { ...outcomeEventModels(deps.connection), ...dashboardRollupModels(deps.connection) };
  // One attendance event per meeting: the first outcome reported stands, as in the pricing ledger
  // (a no-show corrected to completed later changes the meeting, not the counted outcome).
  const eventId = type === 'meeting_booked' ? `meeting-booked-${meetingId}` : `meeting-attendance-${meetingId}`;
  await recordOutcome(db, { workspaceId, eventId, type, at: new Date(), ...(prospectId ? { prospectId } : {}) });
  // A meeting booked or attended rewards the experiment decision behind the prospect's sequence (once).
  if (prospectId) await creditProspectOutcomes(experimentCreditModels(deps.connection), workspaceId, prospectId);
}

/**
 * Records what happened to a meeting, through the plugin's transition rules. Attendance is an
 * outcome (dashboard, learning) and a ledger entry: an attended meeting is charged at its
 * slice's price, a no-show is not (see chargeMeetingOutcome); the first outcome reported stands.
 */
export async function markOutcome(deps: MeetingDeps, run: WorkspaceRunContext, meetingId: string, outcome: string): Promise<unknown> {
  const { workspaceId } = run;
  if (outcome === 'completed' || outcome === 'no-show') await refuseBeforeStart(deps, run, meetingId, outcome);
  const marked = (await call(deps, 'markOutcome', { meetingId, outcome }, run, {
    failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError },
  })) as { meeting: { prospectId: number; scheduledAt: string } };
  if (outcome === 'completed' || outcome === 'no-show') {
    await recordMeetingOutcome(
      deps,
      workspaceId,
      meetingId,
      outcome === 'completed' ? 'meeting_attended' : 'meeting_no_show',
      marked.meeting.prospectId,
    );
    await chargeMeetingOutcome(deps, run, { ...marked.meeting, id: meetingId }, outcome);
  }
  return marked;
}

/**
 * Whether a meeting took place can be said once it has started, never before: 422 for a meeting
 * of the workspace that starts later than now (one that is unknown is the plugin's 404 to give).
 */
async function refuseBeforeStart(deps: MeetingDeps, run: WorkspaceRunContext, meetingId: string, outcome: 'completed' | 'no-show') {
  const now = new Date();
  const { meetings } = (await callPluginService(deps, MEETING_BOOKING.listMeetings, { from: now.toISOString() }, run)) as z.output<
    typeof listMeetingsOutput
  >;
  const ahead = meetings.find((meeting) => meeting.id === meetingId && Date.parse(meeting.scheduledAt) > now.getTime());
  if (!ahead) return;
  throw new UnprocessableError(
    `The meeting with ${ahead.prospectName} starts at ${ahead.scheduledAt}: it can be marked ${outcome === 'completed' ? 'attended' : 'a no-show'} once it has started, not before`,
  );
}

/** The next free slots of the workspace, from the plugin. */
export async function proposeSlots(deps: MeetingDeps, run: WorkspaceRunContext, count: number): Promise<unknown> {
  return call(deps, 'proposeSlots', { count }, run);
}

/** The iCalendar invitation of a meeting of the workspace, exactly as the booking produced it (the plugin's invitation service). */
export async function meetingInvitation(deps: MeetingDeps, run: WorkspaceRunContext, meetingId: string): Promise<string> {
  const { ics } = (await callPluginService(deps, MEETING_BOOKING.invitation, { meetingId }, run, {
    failures: { MeetingNotFound: NotFoundError, MeetingCancelled: ConflictError },
  })) as { ics: string };
  return ics;
}
