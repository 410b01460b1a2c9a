// The experiment maths (Thompson sampling, P(best), the declaration rule, credible intervals, the
// reward of an outcome, the learning score): pure functions in the SDK, shared with the learning
// engine and its simulator, bound in this one file; nothing here re-implements them.
export {
  armInterval,
  chooseArm,
  declareWinner,
  DEFAULT_DECLARATION_RULE,
  REPLY_CATEGORIES,
  rewardOf,
  type ArmCounts,
  type ReplyCategory,
} from '@meetflow/plugin-sdk/experiments/bandit';
export { learningScore } from '@meetflow/plugin-sdk/experiments/learning-score';
