import { PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import { bidView, ledgerSummary, publicSlice } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { z } from 'zod';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { callPricing } from '../pricing/pricing.ts';
import type { NextPrepay } from './api-schemas.ts';
import { prepayCreditKey } from './credits.ts';
import { billingAccountModel, billingInvoiceModel, prepayModeOf, type BillingAccount, type BillingInvoice } from './model.ts';
import { usd } from './receipts.ts';
import { monthPeriod } from './upcoming.ts';

type PrepaySlice = NonNullable<NextPrepay['fromBids']>['slices'][number];
type PrepayLine = NextPrepay['lines'][number];

/** A pre-pay sized from the workspace's bids: the month pre-paid, what sizes it, the total and each slice's part. */
export interface BidsPrepay {
  month: string;
  basedOn: string;
  workingDays: number;
  amountMinor: number;
  slices: PrepaySlice[];
}

/** The month before a YYYY-MM month. */
export function previousMonth(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, index - 2, 1)).toISOString().slice(0, 7);
}

/** The Mondays to Fridays of a YYYY-MM month (UTC days; holidays are not known). */
export function workingDaysOf(month: string): number {
  const { from, to } = monthPeriod(month);
  let days = 0;
  for (let day = Date.parse(from); day < Date.parse(to); day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}

const Slices = z.object({ slices: z.array(publicSlice) });
const Bids = z.object({ bids: z.array(bidView) });

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The pre-pay of `month` sized from the run's workspace's bids: for each slice whose bid is enabled,
 * its price under the bid × the meetings expected, where expected is the slice's attended meetings
 * in the month before (the ledger's own count: charged and not corrected), capped at the bid's
 * maxDailyMeetings × the month's working days. A slice with no history expects 0. The price is the
 * plugin's (listSlices' `ppm`, the function chargeMeeting charges with), in cents as the ledger
 * writes a charge: Math.round(ppm × 100), ppm being rounded to the cent already. Everything after
 * is integer cents (meetings × price, summed): nothing else is rounded. Without the pricing
 * plugin nothing is bid on, and the pre-pay is 0.
 */
export async function prepayFor(deps: PluginApiDeps, run: WorkspaceRunContext, month: string): Promise<BidsPrepay> {
  const basedOn = previousMonth(month);
  const workingDays = workingDaysOf(month);
  if (!deps.host.installed(PPM_PRICING.plugin)) return { month, basedOn, workingDays, amountMinor: 0, slices: [] };
  const [{ slices }, { bids }, history] = await Promise.all([
    callPricing(deps, 'listSlices', {}, run).then((answer) => Slices.parse(answer)),
    callPricing(deps, 'listBids', {}, run).then((answer) => Bids.parse(answer)),
    callPricing(deps, 'ledgerSummary', monthPeriod(basedOn), run).then((answer) => ledgerSummary.parse(answer)),
  ]);
  const sliceById = new Map(slices.map((slice) => [slice.sliceId, slice]));
  const attendedIn = new Map(history.bySlice.map((slice) => [slice.sliceId, slice.meetingsCharged]));
  const parts = bids
    .filter((bid) => bid.isEnabled && sliceById.has(bid.sliceId))
    .sort((a, b) => a.sliceId.localeCompare(b.sliceId))
    .map((bid): PrepaySlice => {
      const slice = sliceById.get(bid.sliceId)!;
      const priceMinor = Math.round(slice.ppm * 100);
      const attended = attendedIn.get(bid.sliceId) ?? 0;
      const capMeetings = bid.maxDailyMeetings * workingDays;
      const meetings = Math.min(attended, capMeetings);
      const amountMinor = meetings * priceMinor;
      const cap = `${bid.maxDailyMeetings} a day × ${workingDays} working days = ${capMeetings}`;
      const reason =
        attended === 0
          ? `No attended meeting in ${basedOn}: no history, so it expects 0`
          : attended > capMeetings
            ? `${plural(attended, 'attended meeting')} in ${basedOn}, capped by the bid at ${cap}: ${meetings} × ${usd(priceMinor)} = ${usd(amountMinor)}`
            : `${plural(attended, 'attended meeting')} in ${basedOn} (the bid's cap: ${cap}): ${meetings} × ${usd(priceMinor)} = ${usd(amountMinor)}`;
      return {
        sliceId: bid.sliceId,
        sliceName: slice.sliceName,
        baseBid: bid.baseBid,
        maxDailyMeetings: bid.maxDailyMeetings,
        priceMinor,
        attended,
        capMeetings,
        meetings,
        amountMinor,
        reason,
      };
    });
  return { month, basedOn, workingDays, amountMinor: parts.reduce((total, part) => total + part.amountMinor, 0), slices: parts };
}

/** The key of a bids pre-pay's line for one slice: the provider's id for the line. */
export const prepaySliceKey = (workspaceId: string, month: string, sliceId: string) => `${prepayCreditKey(workspaceId, month)}:${sliceId}`;

/**
 * The pre-pay invoiced at the start of `month`, as the run's workspace's billing account sizes it:
 * from its bids (a line per slice expecting meetings: "Meeting credits for <month>: <slice>, N
 * meetings × $P"), the fixed amount (one line, "Meeting credits for <month>"), or none. Once the
 * month's pre-pay invoice was written its frozen lines are the answer, so a retried close sends
 * what its first attempt wrote even if the bids or the ledger changed since.
 */
export async function plannedPrepay(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  month: string,
  /** Size it from the bids whatever the mode (`fromBids`), so a person choosing one sees what the other comes to. */
  { explainBids = false }: { explainBids?: boolean } = {},
): Promise<NextPrepay> {
  const { workspaceId } = run;
  const [account, stored] = await Promise.all([
    billingAccountModel(deps.connection).findOne({ workspaceId }).lean<BillingAccount>(),
    billingInvoiceModel(deps.connection).findOne({ workspaceId, month, kind: 'prepay' }).lean<BillingInvoice>(),
  ]);
  const mode = account ? prepayModeOf(account) : 'off';
  const answer = (lines: PrepayLine[], fromBids: NextPrepay['fromBids'] = null): NextPrepay => ({
    month,
    mode,
    invoiced: stored !== null,
    amountMinor: lines.reduce((total, line) => total + line.amountMinor, 0),
    lines,
    fromBids,
  });
  if (stored) return answer(stored.lines.map(({ key, description, amountMinor }) => ({ key, description, amountMinor })));
  const bids = mode === 'bids' || explainBids ? await prepayFor(deps, run, month) : null;
  const fromBids = bids && { basedOn: bids.basedOn, workingDays: bids.workingDays, amountMinor: bids.amountMinor, slices: bids.slices };
  if (mode === 'fixed')
    return answer(
      [
        {
          key: prepayCreditKey(workspaceId, month),
          description: `Meeting credits for ${month}`,
          amountMinor: account!.monthlyPrepayMinor!,
        },
      ],
      fromBids,
    );
  if (mode === 'off' || !bids) return answer([], fromBids);
  const { slices } = bids;
  const lines = slices
    .filter((slice) => slice.amountMinor > 0)
    .map((slice) => ({
      key: prepaySliceKey(workspaceId, month, slice.sliceId),
      description: `Meeting credits for ${month}: ${slice.sliceName}, ${plural(slice.meetings, 'meeting')} × ${usd(slice.priceMinor)}`,
      amountMinor: slice.amountMinor,
    }));
  return answer(lines, fromBids);
}
