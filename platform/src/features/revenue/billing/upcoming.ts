import { MEETING_BOOKING, PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import type { listMeetingsOutput } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { ledgerEntries, type LedgerEntryLine } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import type { z } from 'zod';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import { prospectModel } from '../../prospecting/services.ts';
import { callPluginService, type PluginApiDeps } from '../../runs/services.ts';
import type { InvoiceLine, UpcomingInvoice } from './api-schemas.ts';
import { creditBalance, drawsOfMonth, planDraws } from './credits.ts';

/** The UTC month of an instant, YYYY-MM. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** [from, to) of a UTC month given as YYYY-MM. */
export function monthPeriod(month: string): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)).toISOString(), to: new Date(Date.UTC(year, index, 1)).toISOString() };
}

type Prospect = NonNullable<InvoiceLine['prospect']>;
type Meeting = z.output<typeof listMeetingsOutput>['meetings'][number];

/**
 * The prospect of each meeting: the meeting-booking plugin knows a meeting's prospect, the
 * platform's prospects their names and companies (the prospect as it is now; the meeting's own
 * name for one since deleted). Meetings are read in the period first (a charge's attendedAt is its
 * meeting's start), all of them only when one was moved out of it since.
 */
async function prospectsOfMeetings(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  meetingIds: ReadonlySet<string>,
  period: { from: string; to: string },
): Promise<Map<string, Prospect>> {
  if (meetingIds.size === 0 || !deps.host.installed(MEETING_BOOKING.plugin)) return new Map();
  const list = async (range: object) =>
    ((await callPluginService(deps, MEETING_BOOKING.listMeetings, range, run)) as z.output<typeof listMeetingsOutput>).meetings;
  let meetings: Meeting[] = (await list(period)).filter((meeting) => meetingIds.has(meeting.id));
  if (meetings.length < meetingIds.size) meetings = (await list({})).filter((meeting) => meetingIds.has(meeting.id));
  const prospects = await prospectModel(deps.connection)
    .find({ workspaceId: run.workspaceId, id: { $in: [...new Set(meetings.map((meeting) => meeting.prospectId))] } })
    .select({ id: 1, firstName: 1, lastName: 1, company: 1 })
    .lean<Array<{ id: number; firstName: string; lastName: string; company: string }>>();
  const byId = new Map(prospects.map((prospect) => [prospect.id, prospect]));
  return new Map(
    meetings.map((meeting) => {
      const prospect = byId.get(meeting.prospectId);
      const name = prospect ? `${prospect.firstName} ${prospect.lastName}`.trim() : meeting.prospectName;
      return [meeting.id, { id: meeting.prospectId, name, company: prospect?.company ?? null }] as const;
    }),
  );
}

const day = (iso: string) => iso.slice(0, 10);

/** How an invoice words a line: the meeting (who, when, which slice), and for a credit, that it cancels that meeting's charge. */
function describe(entry: LedgerEntryLine, prospect: Prospect | null): string {
  const who = prospect ? `${prospect.name}${prospect.company ? ` (${prospect.company})` : ''}` : `meeting ${entry.meetingId}`;
  const meeting = `${prospect ? `meeting with ${who}` : who} on ${day(entry.attendedAt)}`;
  return entry.kind === 'credit'
    ? `Credit for the ${meeting}: corrected to a no-show (cancels ${entry.credits ?? 'its charge'})`
    : `Attended ${meeting}, ${entry.sliceId} slice`;
}

/**
 * The month's upcoming invoice, from the ledger as the pricing plugin keeps it: one line per charge
 * entry and one negative line per credit entry (a no-show entry bills nothing and is no line),
 * each keyed by its entry's key, so the same meeting can never be two lines. Totals are sums of
 * the lines' integer cents. Without the pricing plugin nothing is billed.
 */
export async function upcomingInvoice(deps: PluginApiDeps, run: WorkspaceRunContext, month: string): Promise<UpcomingInvoice> {
  const period = monthPeriod(month);
  const lines = await ledgerLines(deps, run, period);
  const sum = (kind: InvoiceLine['kind']) =>
    lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amountMinor, 0);
  const subtotalMinor = sum('charge');
  const creditsMinor = sum('credit');
  const totalMinor = subtotalMinor + creditsMinor;
  return {
    month,
    ...period,
    currency: 'USD',
    lines,
    subtotalMinor,
    creditsMinor,
    totalMinor,
    prepaid: await prepaidCredits(deps, run, month, lines),
  };
}

/** The invoice lines of the ledger entries of meetings attended in [from, to) (a month, or several: corrections.ts reads the invoiced months at once). */
export async function ledgerLines(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  period: { from: string; to: string },
): Promise<InvoiceLine[]> {
  const entries = deps.host.installed(PPM_PRICING.plugin)
    ? ledgerEntries.parse(await callPluginService(deps, PPM_PRICING.ledgerEntries, period, run)).entries
    : [];
  const billed = entries.filter((entry) => entry.kind !== 'no-show');
  const prospects = await prospectsOfMeetings(deps, run, new Set(billed.map((entry) => entry.meetingId)), period);
  return billed.map((entry): InvoiceLine => {
    const prospect = prospects.get(entry.meetingId) ?? null;
    return {
      kind: entry.kind === 'credit' ? 'credit' : 'charge',
      key: entry.key,
      meetingId: entry.meetingId,
      attendedAt: entry.attendedAt,
      prospect,
      sliceId: entry.sliceId,
      amountMinor: entry.amountMinor,
      credits: entry.credits,
      description: describe(entry, prospect),
    };
  });
}

/**
 * The pre-paid credits beside the month's lines: the balance now, and what the month's standing
 * charges (those no credit cancels) draw from it: the draws its true-up recorded once the month
 * was closed, else what the balance would pay of them so far, in order.
 */
async function prepaidCredits(
  deps: Pick<PluginApiDeps, 'connection'>,
  run: WorkspaceRunContext,
  month: string,
  lines: InvoiceLine[],
): Promise<UpcomingInvoice['prepaid']> {
  const balanceMinor = await creditBalance(deps.connection, run.workspaceId);
  const recorded = await drawsOfMonth(deps.connection, run.workspaceId, month);
  const cancelled = new Set(lines.flatMap((line) => (line.kind === 'credit' && line.credits ? [line.credits] : [])));
  const standing = lines.filter((line) => line.kind === 'charge' && !cancelled.has(line.key));
  // Recorded draws are shown in the order the true-up drew them: the ledger's.
  const drawnOf = new Map(recorded.map((draw) => [draw.entryKey, -draw.amountMinor]));
  const draws =
    recorded.length > 0
      ? standing.flatMap((line) => (drawnOf.has(line.key) ? [{ key: line.key, amountMinor: drawnOf.get(line.key)! }] : []))
      : planDraws(standing, balanceMinor);
  const drawnMinor = draws.reduce((total, draw) => total + draw.amountMinor, 0);
  const standingMinor = standing.reduce((total, line) => total + line.amountMinor, 0);
  return { balanceMinor, closed: recorded.length > 0, draws, drawnMinor, dueMinor: standingMinor - drawnMinor };
}
