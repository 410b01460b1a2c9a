import { isDuplicateKey, type Clock } from '@meetflow/plugin-sdk';
import type { z } from 'zod';
import { type InWorkspace, type LedgerDocument, type PricingModels } from './collections.ts';
import type { PpmPricingConfig } from './config.ts';
import type { chargeMeetingInput, ledgerSummaryInput } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { derivedEstimates, requireSlice, slicePrice } from './slice-views.ts';

const REASONS = { charge: 'attended meeting charged at the slice price', 'no-show': 'no-show: not charged' } as const;

/** The answer a ledger row stands for: the same on every retry. */
function answer(row: Pick<LedgerDocument, 'kind' | 'amount'>) {
  return { charged: row.kind === 'charge', amount: row.amount, currency: 'USD' as const, reason: REASONS[row.kind] };
}

type LedgerRow = Pick<LedgerDocument, 'amount' | 'kind' | 'sliceId' | 'attendedAt'>;

/** Charges, spend and no-shows of some ledger rows; spend summed in whole cents so 2-decimal amounts add up exactly. */
function ledgerTotals(rows: readonly LedgerRow[]) {
  const charges = rows.filter((row) => row.kind === 'charge');
  const cents = charges.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  return { meetingsCharged: charges.length, total: cents / 100, noShows: rows.length - charges.length };
}

/** Ledger activities over the pricing models. */
export function ledgerActivities(models: PricingModels, config: PpmPricingConfig, clock: Clock) {
  /**
   * Re-counts the slice's ledger rows since its evidence was last set and stores the resulting
   * pm. Counting (not incrementing) keeps it idempotent; the count only ever moves up, so a slow
   * attempt never overwrites a newer one.
   */
  async function refreshShowUpEstimate(workspaceId: string, sliceId: string) {
    const slice = await requireSlice(models, workspaceId, sliceId);
    const since = { workspaceId, sliceId, createdAt: { $gte: slice.evidenceSince } };
    const [ledgerBooked, ledgerAttended] = await Promise.all([
      models.ledger.countDocuments(since),
      models.ledger.countDocuments({ ...since, kind: 'charge' }),
    ]);
    if (ledgerBooked <= slice.ledgerBooked) return;
    const { pm } = derivedEstimates({ ...slice, ledgerBooked, ledgerAttended }, config);
    await models.slices.updateOne(
      { workspaceId, sliceId, evidenceSince: slice.evidenceSince, ledgerBooked: { $lt: ledgerBooked } },
      { $set: { ledgerBooked, ledgerAttended, pm, updatedAt: clock.now() } },
    );
  }

  return {
    /**
     * Records a meeting's outcome once: an attended meeting is charged at the slice's current
     * price, a no-show is recorded at 0 and lowers the slice's pm. A retry finds the row and
     * answers the same; the first outcome reported for a meeting stands.
     */
    async chargeMeeting(input: InWorkspace<z.output<typeof chargeMeetingInput>>) {
      const { workspaceId, meetingId, sliceId } = input;
      let row = await models.ledger.findOne({ workspaceId, meetingId }).lean();
      if (!row) {
        const slice = await requireSlice(models, workspaceId, sliceId);
        const bid = await models.bids.findOne({ workspaceId, sliceId }).lean();
        const kind = input.outcome === 'completed' ? 'charge' : 'no-show';
        const record = {
          workspaceId,
          meetingId,
          sliceId,
          kind,
          currency: 'USD',
          createdAt: clock.now(),
          attendedAt: new Date(input.attendedAt),
          amount: kind === 'charge' ? slicePrice(slice, bid, config) : 0,
        } as const;
        try {
          row = (await models.ledger.create(record)).toObject();
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          row = await models.ledger.findOne({ workspaceId, meetingId }).lean();
        }
      }
      if (!row) throw new Error(`ledger row for meeting "${meetingId}" was neither written nor found`);
      // Also on a retry: an attempt that crashed after writing the row still updates the pm.
      await refreshShowUpEstimate(workspaceId, row.sliceId);
      return answer(row);
    },

    /**
     * Charged meetings, spend and average price per attended meeting, and no-shows (never
     * charged), attendedAt in [from, to): in all, per slice and per month.
     */
    async ledgerSummary({ workspaceId, from, to }: InWorkspace<z.output<typeof ledgerSummaryInput>>) {
      const attendedAt = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lt: new Date(to) } : {}) };
      const filter = { workspaceId, ...(from || to ? { attendedAt } : {}) };
      const rows = await models.ledger.find(filter, { amount: 1, kind: 1, sliceId: 1, attendedAt: 1 }).sort({ attendedAt: 1 }).lean();
      const all = ledgerTotals(rows);
      const groups = (keyOf: (row: LedgerRow) => string) => {
        const byKey = new Map<string, LedgerRow[]>();
        for (const row of rows) byKey.set(keyOf(row), [...(byKey.get(keyOf(row)) ?? []), row]);
        return [...byKey].map(([key, group]) => [key, ledgerTotals(group)] as const);
      };
      return {
        meetingsCharged: all.meetingsCharged,
        total: all.total,
        noShows: all.noShows,
        currency: 'USD' as const,
        averagePpm: all.meetingsCharged === 0 ? 0 : Math.round((all.total * 100) / all.meetingsCharged) / 100,
        bySlice: groups((row) => row.sliceId)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([sliceId, totals]) => ({ sliceId, ...totals })),
        byMonth: groups((row) => row.attendedAt.toISOString().slice(0, 7)).map(([month, totals]) => ({ month, ...totals })),
      };
    },
  };
}
