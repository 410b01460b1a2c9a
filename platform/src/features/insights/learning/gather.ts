import { cadenceSendDays } from '@meetflow/plugin-sdk';
import type { WorkspaceConfig } from '../workspace-config/schemas.ts';
import type { LeadFeatures } from '../outcomes/event-model.ts';
import { reconcileRollups, type OutcomesDb } from '../outcomes/record.ts';
import { POSITIVE_REPLY_CATEGORIES } from '../outcomes/schemas.ts';

/** The template families and steps the learning engine knows (its schemas.ts). */
const TEMPLATES = ['roi-focused', 'pain-point', 'value-prop'] as const;
const STEPS = [1, 2, 3] as const;
/** Scored leads passed to the engine at most (newest first): ≈ 100 bytes each keeps the payload far below 2 MB. */
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
 * - scoredLeads: `lead_scored` events with `features`; converted = that prospect has a `meeting_booked` event (ever, as of now).
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
    scoredLeads: await scoredLeads(db, workspaceId, cycleId),
    cadence,
  };
}

async function scoredLeads(db: OutcomesDb, workspaceId: string, cycleId: string): Promise<LearningOutcomes['scoredLeads']> {
  const scored = await db.outcomeEvents
    .find({ workspaceId, learnedIn: cycleId, type: 'lead_scored', features: { $exists: true } }, { prospectId: 1, features: 1 })
    .sort({ at: -1 })
    .limit(MAX_SCORED_LEADS)
    .lean();
  const prospects = [...new Set(scored.map((event) => event.prospectId).filter((id): id is string => id !== undefined && id !== null))];
  const booked = new Set(
    prospects.length === 0
      ? []
      : await db.outcomeEvents.distinct('prospectId', { workspaceId, type: 'meeting_booked', prospectId: { $in: prospects } }),
  );
  return scored.map((event) => ({
    features: {
      companySize: event.features!.companySize,
      industryMatch: event.features!.industryMatch,
      techStack: event.features!.techStack,
      jobTitle: event.features!.jobTitle,
    },
    converted: event.prospectId !== undefined && booked.has(event.prospectId),
  }));
}
