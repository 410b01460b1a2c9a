import { isDuplicateKey, type Clock } from '@meetflow/plugin-sdk';
import type { z } from 'zod';
import { LEGACY_LEDGER_INDEX, type InWorkspace, type LedgerDocument, type PricingModels } from './collections.ts';
import type { PpmPricingConfig } from './config.ts';
import type { chargeMeetingInput, LedgerEntry, ledgerEntriesInput, ledgerSummaryInput } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { derivedEstimates, requireSlice, slicePrice } from './slice-views.ts';

type Kind = LedgerEntry['kind'];

/** A ledger row read as an entry: the rows from before entries are their meeting's first, in cents from their dollars. */
interface Entry extends LedgerEntry {
  seq: number;
  meetingId: string;
  sliceId: string;
  attendedAt: Date;
  createdAt: Date;
}

type LedgerRow = Pick<LedgerDocument, 'meetingId' | 'sliceId' | 'kind' | 'attendedAt' | 'createdAt'> &
  Partial<Pick<LedgerDocument, 'key' | 'seq' | 'amountMinor' | 'amount'>>;

function entryOf(row: LedgerRow): Entry {
  return {
    key: row.key ?? `${row.meetingId}:${row.kind}:1`,
    seq: row.seq ?? 1,
    kind: row.kind,
    amountMinor: row.amountMinor ?? Math.round((row.amount ?? 0) * 100),
    currency: 'USD',
    meetingId: row.meetingId,
    sliceId: row.sliceId,
    attendedAt: row.attendedAt,
    createdAt: row.createdAt,
  };
}

const ENTRY_FIELDS = { meetingId: 1, sliceId: 1, kind: 1, attendedAt: 1, createdAt: 1, key: 1, seq: 1, amountMinor: 1, amount: 1 };

/** A meeting's state, from its entries (oldest first): billed while its last entry is a charge. */
function meetingState(entries: readonly Entry[]) {
  const sum = (kind: Kind) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amountMinor, 0);
  const chargedMinor = sum('charge');
  const creditedMinor = -sum('credit');
  const last = entries.at(-1);
  return { billed: last?.kind === 'charge', chargedMinor, creditedMinor, netMinor: chargedMinor - creditedMinor, last };
}

const REASONS: Record<Kind, string> = {
  charge: 'attended meeting charged at the slice price',
  credit: 'corrected to a no-show: its charge is credited',
  'no-show': 'no-show: not charged',
};

/** What chargeMeeting answers: the meeting's state, the same on every retry of the same report. */
function answer(entries: readonly Entry[]) {
  const { billed, netMinor, last } = meetingState(entries);
  return {
    charged: billed,
    amount: netMinor / 100,
    amountMinor: netMinor,
    currency: 'USD' as const,
    reason: last ? REASONS[last.kind] : 'nothing recorded',
    entries: entries.map(({ key, kind, amountMinor, currency }) => ({ key, kind, amountMinor, currency })),
  };
}

/**
 * The entry an outcome adds to a meeting's entries, or null when they already say it (a retry):
 * attended → a charge unless billed; a no-show → a credit of the last charge when billed, a no-show
 * entry when nothing is recorded yet, else nothing (a no-show is never charged).
 */
function nextEntry(entries: readonly Entry[], outcome: 'completed' | 'no-show'): { kind: Kind; n: number; creditMinor?: number } | null {
  const { billed, last } = meetingState(entries);
  const n = (kind: Kind) => entries.filter((entry) => entry.kind === kind).length + 1;
  if (outcome === 'completed') return billed ? null : { kind: 'charge', n: n('charge') };
  if (!last) return { kind: 'no-show', n: 1 };
  return billed ? { kind: 'credit', n: n('credit'), creditMinor: -last.amountMinor } : null;
}

/** Totals of some meetings' entries, in cents, with the dollar figures derived from them. */
function ledgerTotals(meetings: readonly Entry[][]) {
  const states = meetings.map(meetingState);
  const sum = (field: 'chargedMinor' | 'creditedMinor' | 'netMinor') => states.reduce((total, state) => total + state[field], 0);
  const meetingsCharged = states.filter((state) => state.billed).length;
  const netMinor = sum('netMinor');
  return {
    meetingsCharged,
    total: netMinor / 100,
    noShows: states.length - meetingsCharged,
    chargedMinor: sum('chargedMinor'),
    creditedMinor: sum('creditedMinor'),
    netMinor,
  };
}

/** Entries grouped by meeting, each group in order, the groups in the order their meetings first appear. */
function byMeeting(entries: readonly Entry[]): Entry[][] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) groups.set(entry.meetingId, [...(groups.get(entry.meetingId) ?? []), entry]);
  return [...groups.values()].map((group) => group.sort((a, b) => a.seq - b.seq));
}

// The one-row-per-meeting ledger's unique index refuses a meeting's second entry: it is dropped
// once per model before the first write (an index or collection that is not there is fine).
const legacyIndexGone = new WeakMap<object, Promise<void>>();
function dropLegacyIndex(ledger: PricingModels['ledger']): Promise<void> {
  let dropped = legacyIndexGone.get(ledger);
  if (!dropped) {
    dropped = ledger.collection.dropIndex(LEGACY_LEDGER_INDEX).then(
      () => undefined,
      (error: unknown) => {
        const { code, codeName } = (error ?? {}) as { code?: number; codeName?: string };
        if (code === 27 || code === 26 || codeName === 'IndexNotFound' || codeName === 'NamespaceNotFound') return;
        legacyIndexGone.delete(ledger);
        throw error;
      },
    );
    legacyIndexGone.set(ledger, dropped);
  }
  return dropped;
}

// Two different outcomes racing on one meeting both pick the next seq; the loser reads again and decides anew.
const MAX_ATTEMPTS = 5;

/** Ledger activities over the pricing models. */
export function ledgerActivities(models: PricingModels, config: PpmPricingConfig, clock: Clock) {
  async function meetingEntries(workspaceId: string, meetingId: string): Promise<Entry[]> {
    const rows = await models.ledger.find({ workspaceId, meetingId }, ENTRY_FIELDS).lean<LedgerRow[]>();
    return rows.map(entryOf).sort((a, b) => a.seq - b.seq);
  }

  /**
   * Re-counts the slice's meetings first entered since its evidence was last set, each once with
   * its current outcome, and stores the resulting pm. Counting (not incrementing) keeps it
   * idempotent; the entries counted only ever grow, so a slow attempt never overwrites a newer one.
   */
  async function refreshShowUpEstimate(workspaceId: string, sliceId: string) {
    const slice = await requireSlice(models, workspaceId, sliceId);
    const rows = await models.ledger.find({ workspaceId, sliceId }, ENTRY_FIELDS).lean<LedgerRow[]>();
    const entries = rows.map(entryOf);
    const ledgerEntries = entries.filter((entry) => entry.createdAt >= slice.evidenceSince).length;
    if (ledgerEntries <= (slice.ledgerEntries ?? 0)) return;
    const counted = byMeeting(entries).filter((meeting) => meeting[0]!.createdAt >= slice.evidenceSince);
    const ledgerBooked = counted.length;
    const ledgerAttended = counted.filter((meeting) => meetingState(meeting).billed).length;
    const { pm } = derivedEstimates({ ...slice, ledgerBooked, ledgerAttended }, config);
    await models.slices.updateOne(
      {
        workspaceId,
        sliceId,
        evidenceSince: slice.evidenceSince,
        $or: [{ ledgerEntries: { $lt: ledgerEntries } }, { ledgerEntries: { $exists: false } }],
      },
      { $set: { ledgerBooked, ledgerAttended, ledgerEntries, pm, updatedAt: clock.now() } },
    );
  }

  return {
    /**
     * Records a meeting's outcome as its next ledger entry: attended → a charge at the slice's
     * current price; corrected to a no-show → a credit of that charge; a first no-show → an entry
     * of 0 that lowers the slice's pm. Each entry's key names its transition, unique per meeting,
     * so a retried or concurrent report of the same outcome writes nothing more and answers the same.
     */
    async chargeMeeting(input: InWorkspace<z.output<typeof chargeMeetingInput>>) {
      const { workspaceId, meetingId } = input;
      let entries = await meetingEntries(workspaceId, meetingId);
      for (let attempt = 1; ; attempt += 1) {
        const next = nextEntry(entries, input.outcome);
        if (!next) break;
        if (attempt > MAX_ATTEMPTS)
          throw new Error(`meeting "${meetingId}": ${MAX_ATTEMPTS} attempts lost a race for its next ledger entry`);
        // A meeting stays in the slice of its first entry: a credit cancels the charge it follows.
        const sliceId = entries[0]?.sliceId ?? input.sliceId;
        const slice = await requireSlice(models, workspaceId, sliceId);
        let amountMinor = next.creditMinor ?? 0;
        if (next.kind === 'charge') {
          const bid = await models.bids.findOne({ workspaceId, sliceId }).lean();
          amountMinor = Math.round(slicePrice(slice, bid, config) * 100);
        }
        await dropLegacyIndex(models.ledger);
        try {
          await models.ledger.create({
            workspaceId,
            meetingId,
            sliceId,
            key: `${meetingId}:${next.kind}:${next.n}`,
            seq: (entries.at(-1)?.seq ?? 0) + 1,
            kind: next.kind,
            amountMinor,
            currency: 'USD',
            attendedAt: new Date(input.attendedAt),
            createdAt: clock.now(),
          });
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        // Read again: after a duplicate key another attempt wrote first, and this one decides anew.
        entries = await meetingEntries(workspaceId, meetingId);
      }
      // Also on a retry: an attempt that crashed after writing its entry still updates the pm.
      if (entries[0]) await refreshShowUpEstimate(workspaceId, entries[0].sliceId);
      return answer(entries);
    },

    /**
     * Meetings billed, spend and average price per billed meeting, and no-shows (never charged, or
     * charged and credited), for meetings with attendedAt in [from, to): in all, per slice and per
     * month. Every sum is of the entries' integer cents; the dollar figures are derived from them.
     */
    async ledgerSummary({ workspaceId, from, to }: InWorkspace<z.output<typeof ledgerSummaryInput>>) {
      const attendedAt = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lt: new Date(to) } : {}) };
      const filter = { workspaceId, ...(from || to ? { attendedAt } : {}) };
      const rows = await models.ledger.find(filter, ENTRY_FIELDS).sort({ attendedAt: 1 }).lean<LedgerRow[]>();
      const meetings = byMeeting(rows.map(entryOf));
      const all = ledgerTotals(meetings);
      const groups = (keyOf: (meeting: Entry[]) => string) => {
        const byKey = new Map<string, Entry[][]>();
        for (const meeting of meetings) byKey.set(keyOf(meeting), [...(byKey.get(keyOf(meeting)) ?? []), meeting]);
        return [...byKey].map(([key, group]) => [key, ledgerTotals(group)] as const);
      };
      return {
        ...all,
        currency: 'USD' as const,
        averagePpm: all.meetingsCharged === 0 ? 0 : Math.round(all.netMinor / all.meetingsCharged) / 100,
        bySlice: groups((meeting) => meeting[0]!.sliceId)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([sliceId, totals]) => ({ sliceId, ...totals })),
        byMonth: groups((meeting) => meeting[0]!.attendedAt.toISOString().slice(0, 7)).map(([month, totals]) => ({ month, ...totals })),
      };
    },

    /**
     * The entries of meetings with attendedAt in [from, to), each citing what it belongs to (its
     * meeting and slice; a credit, the charge before it, which is the one it cancels): the lines a
     * bill of the period is made of, read as written, never summed away.
     */
    async ledgerEntries({ workspaceId, from, to }: InWorkspace<z.output<typeof ledgerEntriesInput>>) {
      const rows = await models.ledger
        .find({ workspaceId, attendedAt: { $gte: new Date(from), $lt: new Date(to) } }, ENTRY_FIELDS)
        .sort({ attendedAt: 1 })
        .lean<LedgerRow[]>();
      return {
        entries: byMeeting(rows.map(entryOf)).flatMap((meeting) =>
          meeting.map((entry, at) => ({
            key: entry.key,
            kind: entry.kind,
            amountMinor: entry.amountMinor,
            currency: entry.currency,
            meetingId: entry.meetingId,
            sliceId: meeting[0]!.sliceId,
            attendedAt: entry.attendedAt.toISOString(),
            createdAt: entry.createdAt.toISOString(),
            credits: entry.kind === 'credit' ? (meeting.slice(0, at).findLast((before) => before.kind === 'charge')?.key ?? null) : null,
          })),
        ),
      };
    },
  };
}
