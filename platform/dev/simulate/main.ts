// `npm run simulate [-- --flags]`: the learning engine against a known truth (issue #33, item 5).
// Runs the real chooseArm / declareWinner / rewardOf / refitScoringWeights of
// @meetflow/plugin-learning-engine/experiments through seeded runs of the scenario in
// ./scenario.ts, then the same number of A/A runs (every arm identical), and prints the figures.
// The last three lines are always `oracle share: X%`, `lift over uniform: Y%` and
// `A/A wrong winners: Z%`, so a script can compare runs. Flags (defaults in brackets):
//   --sends N [2000]        sends per run            --per-day N [100]     sends a day
//   --effects a,b,c [1,1.25,1.5]  each arm's multiplier on the positive-reply rate
//   --base-reply R [0.03]   positive-reply rate of an arm with effect 1 (published ranges: ~1–8%)
//   --runs N [200]          seeded runs (bandit and A/A each)     --seed S [meetflow]
//   --min-trials N / --p-best P   the declaration rule [the engine's default]
import { FlagError, parseFlags, report } from './report.ts';
import { simulate } from './simulation.ts';

try {
  const { scenario, rule } = parseFlags(process.argv.slice(2));
  console.log(report(scenario, rule, simulate(scenario, rule)).join('\n'));
} catch (error) {
  if (!(error instanceof FlagError)) throw error;
  console.error(`simulate: ${error.message}`);
  process.exitCode = 2;
}
