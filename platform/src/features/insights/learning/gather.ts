import { cadenceSendDays } from '@meetflow/plugin-sdk';
import type { WorkspaceConfig } from '../workspace-config/schemas.ts';
import type { LeadFeatures } from '../outcomes/event-model.ts';
import { reconcileRollups, type OutcomesDb } from '../outcomes/record.ts';
import { POSITIVE_REPLY_CATEGORIES } from '../outcomes/schemas.ts';

/** The template families and steps the learning engine knows (its schemas.ts). */
const TEMPLATES = ['roi-focused', 'pain-point', 'value-prop'] as const;
const STEPS = [1, 2, 3] as const;
/** Scored prospects read at most (newest first): ≈ 100 bytes each keeps the engine's input far below 2 MB. */
export const MAX_SCORED_LEADS = 5000;

/** The learning engine's `outcomes` input (see plugins/learning-engine/src/schemas.ts). */
export interface LearningOutcomes {
  sends: number;
  replies: number;
  meetingsBooked: number;
  meetingsAttended: number;
  templates: Array<{ template: (typeof TEMPLATES)[number]; sent: number; replied: number; positive: number }>;
  scoredLeads: Array<{ features: LeadFeatures; converted: boolean }>;
  cadence: Array<{ step: 1 | 2 | 3; dayOffset: number; sent: number; replied: number }>;
}

interface Group {
  _id: { type: string; template?: string | null; step?: number | null; dayOffset?: number | null; category?: string | null };
  n: number;
}

/**
 * Claims the workspace's events that no cycle has learned from yet (each event teaches one
 * cycle only; a retry of the same cycle re-reads its own claim plus anything new) and sums
 * them into the engine's outcomes:
 * - sends, replies, meetings booked and attended: counts of those events;
 * - templates: sent and replied events carrying a known `template`; positive = interested or referral replies;
 * - cadence: sent and replied events with `step` 1–3, by `dayOffset` (the cadence in force when an event has none);
 * - scoredLeads: the contacted prospects' dimensions as scored, converted = booked a meeting (see `scoredLeads`).
 * Replies to sends of an earlier cycle can outnumber this cycle's sends; counts are clamped so
 * that replied ≤ sent and attended ≤ booked, as the engine requires.
 */
export async function gatherOutcomes(
  db: OutcomesDb,
  workspaceId: string,
  cycleId: string,
  current: WorkspaceConfig,
): Promise<LearningOutcomes> {
  await reconcileRollups(db, workspaceId);
  await db.outcomeEvents.updateMany({ workspaceId, learnedIn: null }, { $set: { learnedIn: cycleId } });
  const groups = await db.outcomeEvents.aggregate<Group>([
    { $match: { workspaceId, learnedIn: cycleId, type: { $in: ['sent', 'replied', 'meeting_booked', 'meeting_attended'] } } },
    {
      $group: {
        _id: { type: '$type', template: '$template', step: '$step', dayOffset: '$dayOffset', category: '$category' },
        n: { $sum: 1 },
      },
    },
  ]);
  const sum = (match: (key: Group['_id']) => boolean) =>
    groups.filter((group) => match(group._id)).reduce((total, group) => total + group.n, 0);
  const positive = (key: Group['_id']) => key.type === 'replied' && POSITIVE_REPLY_CATEGORIES.has(key.category ?? '');

  const sends = sum((key) => key.type === 'sent');
  const meetingsBooked = sum((key) => key.type === 'meeting_booked');
  const templates = TEMPLATES.map((template) => {
    const sent = sum((key) => key.type === 'sent' && key.template === template);
    const replied = Math.min(
      sent,
      sum((key) => key.type === 'replied' && key.template === template),
    );
    return {
      template,
      sent,
      replied,
      positive: Math.min(
        replied,
        sum((key) => key.template === template && positive(key)),
      ),
    };
  }).filter((row) => row.sent > 0);

  const sendDays = cadenceSendDays(current.cadenceTiming);
  const offsetOf = (key: Group['_id']) => key.dayOffset ?? sendDays[`step${key.step as 1 | 2 | 3}`];
  const cadence = STEPS.flatMap((step) => {
    const offsets = new Set(
      groups.filter((group) => group._id.step === step && group._id.type === 'sent').map((group) => offsetOf(group._id)),
    );
    return [...offsets]
      .sort((a, b) => a - b)
      .map((dayOffset) => {
        const at = (type: string) => sum((key) => key.type === type && key.step === step && offsetOf(key) === dayOffset);
        const sent = at('sent');
        return { step, dayOffset, sent, replied: Math.min(sent, at('replied')) };
      });
  });

  return {
    sends,
    replies: Math.min(
      sends,
      sum((key) => key.type === 'replied'),
    ),
    meetingsBooked,
    meetingsAttended: Math.min(
      meetingsBooked,
      sum((key) => key.type === 'meeting_attended'),
    ),
    templates,
    scoredLeads: await scoredLeads(db, workspaceId),
    cadence,
  };
}

/**
 * What the scoring refit learns from: each contacted prospect (one with a `sent` event) with the
 * five dimensions of the newest `lead_scored` event recorded before its first send (as it was
 * scored when it was contacted; events recorded before timing was have the four only, and the
 * engine leaves them out of the fit), and whether it booked a meeting. Not only this cycle's
 * claim: a refit is judged afresh on held-out outcomes each cycle, so it reads the newest
 * MAX_SCORED_LEADS scored prospects of the workspace. Every read is by the index on { workspaceId, type, prospectId }:
 * the workspace's lead_scored events, then the sends and meetings of those prospects only.
 * Prospects scored but never contacted are left out: they could not have booked a meeting.
 */
async function scoredLeads(db: OutcomesDb, workspaceId: string): Promise<LearningOutcomes['scoredLeads']> {
  const scored = await db.outcomeEvents
    .find({ workspaceId, type: 'lead_scored', features: { $exists: true } }, { prospectId: 1, features: 1, at: 1 })
    .sort({ at: -1 })
    .limit(MAX_SCORED_LEADS)
    .lean();
  const prospects = [...new Set(scored.map((event) => event.prospectId).filter((id): id is string => id !== undefined && id !== null))];
  if (prospects.length === 0) return [];
  const [firstSends, booked] = await Promise.all([
    db.outcomeEvents.aggregate<{ _id: string; first: Date }>([
      { $match: { workspaceId, type: 'sent', prospectId: { $in: prospects } } },
      { $group: { _id: '$prospectId', first: { $min: '$at' } } },
    ]),
    db.outcomeEvents.distinct('prospectId', { workspaceId, type: 'meeting_booked', prospectId: { $in: prospects } }),
  ]);
  const contactedAt = new Map(firstSends.map((row) => [row._id, new Date(row.first).getTime()]));
  const bookedSet = new Set(booked);
  const seen = new Set<string>();
  const leads: LearningOutcomes['scoredLeads'] = [];
  // Newest first: the first event of a prospect scored before its first send is the score it was contacted on.
  for (const event of scored) {
    const prospectId = event.prospectId!;
    const firstSend = contactedAt.get(prospectId);
    if (firstSend === undefined || seen.has(prospectId) || event.at.getTime() > firstSend) continue;
    seen.add(prospectId);
    const { companySize, industryMatch, techStack, jobTitle, timing } = event.features!;
    const features = { companySize, industryMatch, techStack, jobTitle, ...(typeof timing === 'number' ? { timing } : {}) };
    leads.push({ features, converted: bookedSet.has(prospectId) });
  }
  return leads;
}
