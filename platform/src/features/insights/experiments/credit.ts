import type { OutcomesDb } from '../outcomes/record.ts';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { creditReward } from './counts.ts';
import { REPLY_CATEGORIES, rewardOf, type ReplyCategory } from './engine.ts';
import { settleExperiment } from './experiments.ts';
import type { ExperimentDecision, ExperimentsDb } from './model.ts';

/** What crediting an outcome reads (the prospect's outcome events) and writes (decisions, counts, an applied change). */
export type ExperimentCreditDb = ExperimentsDb & Pick<OutcomesDb, 'outcomeEvents'> & ConfigStoreDb;

const isReplyCategory = (category: string | undefined): category is ReplyCategory =>
  category !== undefined && (REPLY_CATEGORIES as readonly string[]).includes(category);

/**
 * The reward a decision's outcomes earned so far, by the engine's rewardOf: the prospect's replies
 * (each classified by engagement analysis), meetings booked and attended since the decision.
 */
async function rewardSince(db: ExperimentCreditDb, decision: ExperimentDecision): Promise<number> {
  const events = await db.outcomeEvents
    .find(
      {
        workspaceId: decision.workspaceId,
        prospectId: String(decision.prospectId),
        type: { $in: ['replied', 'meeting_booked', 'meeting_attended'] },
        // From the decision's whole second: a reply's time is its Date header's, which has no milliseconds
        // (a reply in the second the decision was made read as before it, and earned nothing).
        at: { $gte: new Date(Math.floor(new Date(decision.decidedAt).getTime() / 1000) * 1000) },
      },
      { type: 1, category: 1 },
    )
    .lean();
  const meetingBooked = events.some((event) => event.type === 'meeting_booked');
  const meetingAttended = events.some((event) => event.type === 'meeting_attended');
  const replies = events.filter((event) => event.type === 'replied' && isReplyCategory(event.category));
  return Math.max(
    rewardOf({ meetingBooked, meetingAttended }),
    ...replies.map((event) => rewardOf({ reply: event.category as ReplyCategory })),
  );
}

/**
 * Credits a prospect's experiment decisions with what its outcomes earned, once the outcome is
 * recorded (a classified reply, a meeting booked or attended): each decision's reward rises to
 * the best its outcomes earned, the experiment's counts follow exactly once, and the experiment
 * is re-checked for a winner. Idempotent: calling it again, or for an outcome already counted,
 * changes nothing.
 */
export async function creditProspectOutcomes(db: ExperimentCreditDb, workspaceId: string, prospectId: number): Promise<void> {
  const decisions = await db.experimentDecisions.find({ workspaceId, prospectId }).lean<ExperimentDecision[]>();
  for (const decision of decisions) {
    const reward = await rewardSince(db, decision);
    if (reward > decision.reward)
      await db.experimentDecisions.updateOne(
        { workspaceId, decisionId: decision.decisionId, reward: { $lt: reward } },
        { $set: { reward } },
      );
    const current = await db.experimentDecisions.findOne({ workspaceId, decisionId: decision.decisionId }).lean<ExperimentDecision>();
    if (current) await creditReward(db, current);
    await settleExperiment(db, workspaceId, decision.experimentId);
  }
}
