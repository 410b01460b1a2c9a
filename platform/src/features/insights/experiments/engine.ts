// The learning engine's experiment maths (@meetflow/plugin-learning-engine/experiments): Thompson
// sampling, P(best), the declaration rule, credible intervals, the reward of an outcome and the
// learning score, bound in this one file; nothing here re-implements them. The engine does not
// declare them as activities or services (they are pure functions of counts the platform keeps),
// so this file imports them: the one exception, beside installed.ts, to the rule that the platform
// reaches a plugin only through its activities (eslint.config.js names it).
export {
  armInterval,
  chooseArm,
  declareWinner,
  DEFAULT_DECLARATION_RULE,
  learningScore,
  REPLY_CATEGORIES,
  rewardOf,
  type ArmCounts,
  type ReplyCategory,
} from '@meetflow/plugin-learning-engine/experiments';
