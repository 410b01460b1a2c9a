import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { ExperimentDecision, ExperimentsDb } from './model.ts';
import { APPLIED_WINDOW } from './experiments.ts';

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
 */
export async function creditReward(db: ExperimentsDb, decision: ExperimentDecision): Promise<void> {
  await countTrial(db, decision);
  if (decision.reward <= decision.credited) return;
  await applyOnce(db, decision, `${decision.decisionId}:${decision.credited}>${decision.reward}`, {
    successes: decision.reward - decision.credited,
  });
  await db.experimentDecisions.updateOne(
    { workspaceId: decision.workspaceId, decisionId: decision.decisionId, credited: decision.credited },
    { $set: { credited: decision.reward } },
  );
}

/** Finishes the count updates a stop cut short (decisions whose trial or reward the counts do not hold yet); for start-up. */
export async function reconcileExperimentCounts(db: ExperimentsDb): Promise<number> {
  const candidates = await db.experimentDecisions
    .find({ $or: [{ trialCounted: false }, { reward: { $gt: 0 } }] }, null, ACROSS_WORKSPACES)
    .lean<ExperimentDecision[]>();
  const pending = candidates.filter((decision) => !decision.trialCounted || decision.reward > decision.credited);
  for (const decision of pending) await creditReward(db, decision);
  return pending.length;
}
