import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { ExperimentDecision, ExperimentsDb } from './model.ts';
import type { OutcomesDb } from '../outcomes/record.ts';
import type { ConfigStoreDb } from '../workspace-config/workspace-config.ts';
import { APPLIED_WINDOW, settleExperiment } from './experiments.ts';

/**
 * Adds one decision's change to its experiment's counts unless the experiment already took it:
 * the `$inc` and the record of its key are one atomic update of one document (the embedded
 * database has no transactions), the way the dashboard rollups count an outcome event once.
 * `key` names the change exactly (the decision and the reward it moves from and to), so a retry
 * of the same change is a no-op and a further change is a change of its own.
 */
async function applyOnce(db: ExperimentsDb, decision: ExperimentDecision, key: string, inc: { trials?: number; successes?: number }) {
  const set: Record<string, number> = {};
  if (inc.trials) set['arms.$.trials'] = inc.trials;
  if (inc.successes) set['arms.$.successes'] = inc.successes;
  if (Object.keys(set).length === 0) return;
  await db.experiments.updateOne(
    { workspaceId: decision.workspaceId, _id: decision.experimentId, 'arms.id': decision.arm, appliedKeys: { $ne: key } },
    { $inc: set, $push: { appliedKeys: { $each: [key], $slice: -APPLIED_WINDOW } } },
  );
}

/** Counts a decision's trial in its experiment, once (the decision remembers it was counted). */
export async function countTrial(db: ExperimentsDb, decision: ExperimentDecision): Promise<void> {
  if (decision.trialCounted) return;
  await applyOnce(db, decision, `${decision.decisionId}:trial`, { trials: 1 });
  await db.experimentDecisions.updateOne(
    { workspaceId: decision.workspaceId, decisionId: decision.decisionId },
    { $set: { trialCounted: true } },
  );
}

/**
 * Brings the experiment's successes to the decision's reward: adds what is not yet credited,
 * keyed by the decision and the step (credited → reward), then records it as credited only if
 * nobody credited it meanwhile. A crash between the two leaves the key, so the repeat adds nothing.
 * A decision whose first email has not gone out is no trial yet: its reward waits on the decision
 * and is credited with its trial (countSentTrials).
 */
export async function creditReward(db: ExperimentsDb, decision: ExperimentDecision): Promise<void> {
  if (!decision.trialCounted || decision.reward <= decision.credited) return;
  await applyOnce(db, decision, `${decision.decisionId}:${decision.credited}>${decision.reward}`, {
    successes: decision.reward - decision.credited,
  });
  await db.experimentDecisions.updateOne(
    { workspaceId: decision.workspaceId, decisionId: decision.decisionId, credited: decision.credited },
    { $set: { credited: decision.reward } },
  );
}

/** What counting a sent email's trials reads and writes: the decisions, the counts, and the Auto-Apply switch a declaration obeys. */
export type SentTrialsDb = ExperimentsDb & ConfigStoreDb;

/**
 * The first email of a prospect's sequence was really sent (the outbox's send, once the server took
 * it; it is sent once): every decision made for the prospect so far becomes its arm's trial, with any reward
 * its outcomes earned meanwhile, and its experiment is re-checked for a winner. A decision whose
 * email is rejected in review, suppressed or refused before sending never gets here, so it never
 * counts. Idempotent by decision id: a retried send, or a second call, counts nothing more.
 */
export async function countSentTrials(db: SentTrialsDb, sent: { workspaceId: string; prospectId: number }): Promise<number> {
  const decisions = await db.experimentDecisions
    .find({ workspaceId: sent.workspaceId, prospectId: sent.prospectId, trialCounted: false })
    .lean<ExperimentDecision[]>();
  for (const decision of decisions) {
    await countTrial(db, decision);
    await creditReward(db, { ...decision, trialCounted: true });
    await settleExperiment(db, sent.workspaceId, decision.experimentId);
  }
  return decisions.length;
}

/**
 * Finishes the count updates a stop cut short, for start-up: a decision whose reward the counts
 * do not hold yet, and one whose first email went out (its `sent` outcome of step 1 is recorded)
 * without its trial counted.
 */
export async function reconcileExperimentCounts(db: SentTrialsDb & Pick<OutcomesDb, 'outcomeEvents'>): Promise<number> {
  const candidates = await db.experimentDecisions
    .find({ $or: [{ trialCounted: false }, { reward: { $gt: 0 } }] }, null, ACROSS_WORKSPACES)
    .lean<ExperimentDecision[]>();
  let finished = 0;
  for (const decision of candidates) {
    if (decision.trialCounted) {
      if (decision.reward <= decision.credited) continue;
      await creditReward(db, decision);
      finished++;
      continue;
    }
    const sent = await db.outcomeEvents
      .findOne({
        workspaceId: decision.workspaceId,
        type: 'sent',
        step: 1,
        prospectId: String(decision.prospectId),
        at: { $gte: decision.decidedAt },
      })
      .lean();
    if (sent) finished += await countSentTrials(db, { workspaceId: decision.workspaceId, prospectId: decision.prospectId });
  }
  return finished;
}
