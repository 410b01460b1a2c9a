import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import type { listMeetingsOutput, MeetingStatus } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import type { z } from 'zod';
import { dashboardRollupModels } from '../../insights/services.ts';
import { outcomeEventModels } from '../../insights/services.ts';
import { prospectModel } from '../../prospecting/services.ts';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { correctAttendance, creditProspectOutcomes, experimentCreditModels, recordOutcome } from '../../insights/services.ts';
import { callDeclaredActivity, callPluginService, type DeclaredCallOptions, type PluginApiDeps } from '../../runs/services.ts';
import { findProspect } from '../../prospecting/services.ts';
import { creditInvoicedCorrections, markCorrectionsDue } from '../billing/corrections.ts';
import type { PayPalCredentials } from '../billing/invoices.ts';
import { monthOf } from '../billing/upcoming.ts';
import { chargeMeetingOutcome } from './charge.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import { counterModel } from '../../../core/db/counter.ts';
import { eventModel, publishEvent } from '../../../core/events.ts';
import type { Secrets } from '../../../core/secrets-key.ts';
import { calendarBusy, cancelMeetingEvent, putMeetingEvent, type EventOutcome, type SlotSource } from '../calendars/availability.ts';
import { withRsvps, type RsvpAnswer } from './rsvp-model.ts';

/**
 * What the meeting services run over: the plugins, and (viaPlugins gives both) the secrets box and
 * the address policy's exceptions, with which the workspace's connected calendar is read and
 * written; without secrets no calendar is used.
 */
export type MeetingDeps = PluginApiDeps & {
  secrets?: Secrets | undefined;
  httpAllowHosts?: readonly string[] | undefined;
  /** This server's payment provider credentials: a correction of an invoiced charge is credited at once (billing/corrections.ts); without them, at the month's close. */
  stripeSecretKey?: string | null | undefined;
  paypal?: PayPalCredentials | null | undefined;
};

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
  /** What the prospect answered the invitation from their calendar (rsvp.ts); absent until they do. */
  rsvp?: RsvpAnswer;
}

/** What booking a meeting needs; `idempotencyKey` comes from the request's header when it has one. */
export interface BookingRequest {
  prospectId: number;
  prospect: { name: string; email: string };
  scheduledAt: string;
  idempotencyKey?: string | undefined;
}

/** The meeting-booking settings the platform reads around a call: the horizon and buffer of free/busy, the organizer of an event. */
function bookingSettings(deps: MeetingDeps): { horizonDays: number; bufferMinutes: number; organizer: { name: string; email: string } } {
  const config = (deps.host.config(MEETING_BOOKING.plugin) ?? {}) as Partial<ReturnType<typeof bookingSettings>>;
  return {
    horizonDays: config.horizonDays ?? 14,
    bufferMinutes: config.bufferMinutes ?? 15,
    organizer: config.organizer ?? { name: 'Meetflow', email: 'meetings@meetflow.local' },
  };
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

/** The workspace's meetings, earliest first, from the plugin's listMeetings service, each with the prospect's RSVP when they answered. */
export async function listMeetings(deps: MeetingDeps, run: WorkspaceRunContext): Promise<ApiMeeting[]> {
  const { meetings } = (await callPluginService(deps, MEETING_BOOKING.listMeetings, {}, run)) as z.output<typeof listMeetingsOutput>;
  return withRsvps(deps.connection, run.workspaceId, meetings.map(toApiMeeting));
}

/** The workspace's meetings with their prospects' emails (what a calendar event invites): for the platform's own use, never an answer. */
export async function listMeetingsWithEmail(deps: MeetingDeps, run: WorkspaceRunContext): Promise<MeetingView[]> {
  const { meetings } = (await callPluginService(deps, MEETING_BOOKING.listMeetings, {}, run)) as z.output<typeof listMeetingsOutput>;
  return meetings;
}

/**
 * Books through the plugin, for a prospect of the workspace only (404 naming the id otherwise).
 * Without a client key the booking is keyed by workspace, prospect and start, so a resubmitted
 * form returns the same meeting instead of clashing with itself.
 */
export async function bookMeeting(
  deps: MeetingDeps,
  run: WorkspaceRunContext,
  request: BookingRequest,
): Promise<{ meeting: { id: string }; calendar: EventOutcome }> {
  const { workspaceId } = run;
  // Checked before the plugin runs: a meeting with no prospect behind it would still count as an outcome (dashboard, learning, pricing).
  await findProspect({ prospects: prospectModel(deps.connection) }, workspaceId, request.prospectId);
  const start = new Date(request.scheduledAt).toISOString();
  const idempotencyKey = request.idempotencyKey ?? `${workspaceId}:${request.prospectId}:${start}`;
  // The connected calendar's free/busy around the time, read again now: a time taken there since the
  // slots were offered is refused by the plugin (409), unless this is a retry of a booking made already.
  const day = 24 * 3_600_000;
  const around = await calendarBusy(deps, workspaceId, new Date(Date.parse(start) - day), new Date(Date.parse(start) + day));
  const booked = (await call(
    deps,
    'bookMeeting',
    { prospectId: request.prospectId, prospect: request.prospect, start: request.scheduledAt, idempotencyKey, busy: around.busy },
    run,
    {
      // The workflow id also carries the request, so a key reused for another booking reaches the plugin's own check.
      idempotencyKey: `${workspaceId}:${idempotencyKey}:${request.prospectId}:${start}`,
      failures: { SlotUnavailable: ConflictError, IdempotencyKeyReused: ConflictError },
    },
  )) as { meeting: ApiMeeting & { prospectEmail: string }; ics: string; uid?: string };
  await recordMeetingOutcome(deps, workspaceId, booked.meeting.id, 'meeting_booked', request.prospectId);
  await publishEvent(eventsOf(deps), run, {
    type: 'meeting.booked',
    key: booked.meeting.id,
    data: {
      meetingId: booked.meeting.id,
      prospectId: request.prospectId,
      scheduledAt: start,
      meetingUrl: booked.meeting.meetingUrl || null,
    },
  });
  // The event in the rep's calendar, under the meeting's own UID: a retried booking finds it, never makes a second.
  const calendar = booked.uid
    ? await putMeetingEvent(deps, workspaceId, { ...booked.meeting, uid: booked.uid }, bookingSettings(deps).organizer)
    : ({ event: 'none' } as const);
  return { ...booked, calendar };
}

/** Where meeting events are published (core's events and their counters, on the plugins' connection). */
const eventsOf = (deps: MeetingDeps) => ({ events: eventModel(deps.connection), counters: counterModel(deps.connection) });

/** Meetings are outcomes: booked, attended or not feed the dashboard, learning and pricing (once per meeting). */
async function recordMeetingOutcome(
  deps: MeetingDeps,
  workspaceId: string,
  meetingId: string,
  type: 'meeting_booked' | 'meeting_attended' | 'meeting_no_show',
  prospectId?: number,
): Promise<void> {
  const db = { ...outcomeEventModels(deps.connection), ...dashboardRollupModels(deps.connection) };
  // One attendance event per meeting, holding its current outcome: a correction (attended → no-show,
  // or back) moves the counts it was counted in and retypes it, as the ledger credits or charges it,
  // so the show-up rate and the ledger agree.
  const eventId = type === 'meeting_booked' ? `meeting-booked-${meetingId}` : `meeting-attendance-${meetingId}`;
  const { recorded } = await recordOutcome(db, { workspaceId, eventId, type, at: new Date(), ...(prospectId ? { prospectId } : {}) });
  if (!recorded && type !== 'meeting_booked') await correctAttendance(db, workspaceId, eventId, type);
  // A meeting booked or attended rewards the experiment decision behind the prospect's sequence (once).
  if (prospectId) await creditProspectOutcomes(experimentCreditModels(deps.connection), workspaceId, prospectId);
}

/** An attended meeting corrected to a no-show: who may, and why it was made (kept in the audit trail). */
export interface OutcomeCorrection {
  from: 'completed';
  to: 'no-show';
  reason: string;
}

/** Roles that may correct an attended meeting to a no-show: it credits what the workspace was charged. */
const CORRECTING_ROLES: ReadonlySet<string> = new Set(['owner', 'admin']);

/**
 * Records what happened to a meeting, through the plugin's transition rules. Attendance is an
 * outcome (dashboard, learning) and a ledger entry: an attended meeting is charged at its slice's
 * price, a no-show is not (see chargeMeetingOutcome). An attended meeting corrected to a no-show
 * gets its charge credited: only an owner or admin may, giving a reason (403 / 400 otherwise).
 */
export async function markOutcome(
  deps: MeetingDeps,
  run: WorkspaceRunContext,
  meetingId: string,
  outcome: string,
  options: { reason?: string | undefined } = {},
): Promise<{ meeting: unknown; correction?: OutcomeCorrection }> {
  const { workspaceId } = run;
  if (outcome === 'completed' || outcome === 'no-show') await refuseBeforeStart(deps, run, meetingId, outcome);
  const correction = outcome === 'no-show' ? await noShowCorrection(deps, run, meetingId, options.reason) : null;
  const marked = (await call(deps, 'markOutcome', { meetingId, outcome }, run, {
    failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError },
  })) as { meeting: { prospectId: number; scheduledAt: string } };
  // A called-off meeting's event is cancelled in the calendar too (kept there, visibly cancelled).
  if (outcome === 'cancelled') await cancelMeetingEvent(deps, workspaceId, meetingId);
  // Published once per meeting (keyed by it), by the call that cancelled it: its principal says who
  // cancelled (cancellation.ts words the prospect's email by it). A repeat publishes nothing.
  if (outcome === 'cancelled')
    await publishEvent(eventsOf(deps), run, {
      type: 'meeting.cancelled',
      key: meetingId,
      data: {
        meetingId,
        prospectId: marked.meeting.prospectId ?? null,
        scheduledAt: marked.meeting.scheduledAt ? new Date(marked.meeting.scheduledAt).toISOString() : null,
      },
    });
  if (outcome === 'completed' || outcome === 'no-show') {
    await recordMeetingOutcome(
      deps,
      workspaceId,
      meetingId,
      outcome === 'completed' ? 'meeting_attended' : 'meeting_no_show',
      marked.meeting.prospectId,
    );
    // A charge whose month was invoiced already is credited against that invoice (once, however often
    // this runs); what the provider does not take now, the next month's close finishes. Its month is
    // marked for that close before the ledger's credit is written, so a crash in between loses nothing.
    const due =
      outcome === 'no-show' && marked.meeting.scheduledAt
        ? await markCorrectionsDue(deps, workspaceId, [monthOf(new Date(marked.meeting.scheduledAt))])
        : null;
    // The ledger follows the meeting's status: a charge, a credit of it on a correction, a charge again.
    await chargeMeetingOutcome(deps, run, { ...marked.meeting, id: meetingId }, outcome);
    if (due) await creditInvoicedCorrections(deps, run, due);
  }
  return { meeting: marked.meeting, ...(correction ? { correction } : {}) };
}

/**
 * Whether marking a meeting a no-show corrects its attendance: then only an owner or admin may
 * (403), with a reason (400). Null when it does not (a scheduled meeting, a no-show already, or
 * one the workspace does not have, which is the plugin's 404 to give).
 */
async function noShowCorrection(
  deps: MeetingDeps,
  run: WorkspaceRunContext,
  meetingId: string,
  reason: string | undefined,
): Promise<OutcomeCorrection | null> {
  const { meetings } = (await callPluginService(deps, MEETING_BOOKING.listMeetings, {}, run)) as z.output<typeof listMeetingsOutput>;
  if (meetings.find((meeting) => meeting.id === meetingId)?.status !== 'completed') return null;
  if (!CORRECTING_ROLES.has(run.principal.role))
    throw new ForbiddenError(
      'Only an owner or admin may correct an attended meeting to a no-show: it credits what the workspace was charged for it',
    );
  if (!reason)
    throw new InputError('Invalid request: reason: say why the attended meeting is corrected to a no-show (kept in the audit trail)', {
      reason: 'required to correct an attended meeting to a no-show',
    });
  return { from: 'completed', to: 'no-show', reason };
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

/** Whom slots are offered to: their labels are in the prospect's time zone when it is known. */
export interface SlotOptions {
  prospectId?: number | undefined;
  timeZone?: string | undefined;
}

/**
 * The next free slots of the workspace, from the plugin: clear of its own meetings and of the
 * connected calendar's busy times over the plugin's horizon, labelled in the prospect's zone when
 * known. `source` names the calendar they were checked against, with a warning (and slots clear of
 * the workspace's own meetings only) when it could not be read.
 */
export async function proposeSlots(
  deps: MeetingDeps,
  run: WorkspaceRunContext,
  count: number,
  options: SlotOptions = {},
): Promise<{ slots: unknown[]; timeZone: string; source: SlotSource }> {
  const now = new Date();
  const { horizonDays } = bookingSettings(deps);
  const { busy, source } = await calendarBusy(deps, run.workspaceId, now, new Date(now.getTime() + (horizonDays + 1) * 24 * 3_600_000));
  let labelTimeZone = options.timeZone;
  if (!labelTimeZone && options.prospectId !== undefined) {
    const prospect = await prospectModel(deps.connection)
      .findOne({ workspaceId: run.workspaceId, id: options.prospectId }, { timeZone: 1 })
      .lean<{ timeZone?: string | null }>();
    labelTimeZone = prospect?.timeZone ?? undefined;
  }
  const proposed = (await call(deps, 'proposeSlots', { count, busy, ...(labelTimeZone ? { labelTimeZone } : {}) }, run)) as {
    slots: unknown[];
    timeZone: string;
  };
  return { ...proposed, source };
}

/**
 * A meeting moved in the rep's calendar: the plugin moves it to the new start (the rep chose it).
 * What the calendar sync calls; a meeting no longer scheduled is left as it is.
 */
export async function moveMeeting(deps: MeetingDeps, run: WorkspaceRunContext, meetingId: string, start: string): Promise<void> {
  await call(deps, 'moveMeeting', { meetingId, start }, run, {
    failures: { MeetingNotFound: NotFoundError, InvalidTransition: ConflictError },
  });
}

/** The iCalendar invitation of a meeting of the workspace, exactly as the booking produced it (the plugin's invitation service). */
export async function meetingInvitation(deps: MeetingDeps, run: WorkspaceRunContext, meetingId: string): Promise<string> {
  const { ics } = (await callPluginService(deps, MEETING_BOOKING.invitation, { meetingId }, run, {
    failures: { MeetingNotFound: NotFoundError, MeetingCancelled: ConflictError },
  })) as { ics: string };
  return ics;
}
