// The simulator's flags and its printed report (./main.ts runs them).
import { parseArgs } from 'node:util';
import { DEFAULT_DECLARATION_RULE, DEFAULT_REFIT_SETTINGS, type DeclarationRule } from '@meetflow/plugin-learning-engine/experiments';
import { DEFAULT_SCENARIO, liftBound, type Scenario } from './scenario.ts';
import type { Summary } from './simulation.ts';

/** A flag the simulator cannot use, named. */
export class FlagError extends Error {}

function number(name: string, text: string | undefined, fallback: number, check: (value: number) => boolean, expected: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || !check(value)) throw new FlagError(`--${name} must be ${expected} (got "${text}")`);
  return value;
}

/** The scenario and rule the flags ask for; a FlagError names a flag it cannot use. */
export function parseFlags(argv: readonly string[]): { scenario: Scenario; rule: DeclarationRule } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        sends: { type: 'string' },
        'per-day': { type: 'string' },
        effects: { type: 'string' },
        'base-reply': { type: 'string' },
        runs: { type: 'string' },
        seed: { type: 'string' },
        'min-trials': { type: 'string' },
        'p-best': { type: 'string' },
      },
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new FlagError((error as Error).message);
  }
  const integer = (value: number) => Number.isInteger(value) && value >= 1;
  const effects =
    values.effects === undefined
      ? DEFAULT_SCENARIO.effects
      : values.effects
          .split(',')
          .map((text) => number('effects', text.trim(), 1, (v) => v > 0, 'a comma-separated list of positive numbers'));
  if (effects.length < 2) throw new FlagError('--effects needs two arms or more');
  const baseReply = number(
    'base-reply',
    values['base-reply'],
    DEFAULT_SCENARIO.basePositiveReply,
    (v) => v > 0 && v < 1,
    'a rate between 0 and 1',
  );
  if (baseReply * Math.max(...effects) * 1.75 > 1)
    throw new FlagError('--base-reply × the largest effect × 1.75 (the best fit) must stay below 1');
  const scenario: Scenario = {
    effects,
    basePositiveReply: baseReply,
    sends: number('sends', values.sends, DEFAULT_SCENARIO.sends, integer, 'a whole number ≥ 1'),
    sendsPerDay: number('per-day', values['per-day'], DEFAULT_SCENARIO.sendsPerDay, integer, 'a whole number ≥ 1'),
    runs: number('runs', values.runs, DEFAULT_SCENARIO.runs, integer, 'a whole number ≥ 1'),
    seed: values.seed ?? DEFAULT_SCENARIO.seed,
  };
  const rule: DeclarationRule = {
    pBest: number('p-best', values['p-best'], DEFAULT_DECLARATION_RULE.pBest, (v) => v > 0.5 && v < 1, 'between 0.5 and 1'),
    minTrialsPerArm: number(
      'min-trials',
      values['min-trials'],
      DEFAULT_DECLARATION_RULE.minTrialsPerArm,
      (v) => Number.isInteger(v) && v >= 0,
      'a whole number ≥ 0',
    ),
  };
  return { scenario, rule };
}

const pct = (value: number, digits = 1) => `${(value * 100).toFixed(digits)}%`;
const fixed = (value: number | null, digits = 3) => (value === null ? 'n/a' : value.toFixed(digits));

/** The report, ending with the three comparable lines. */
export function report(scenario: Scenario, rule: DeclarationRule, summary: Summary): string[] {
  const rates = scenario.effects.map((effect) => pct(scenario.basePositiveReply * effect, 2)).join(', ');
  const { per100 } = summary;
  return [
    `scenario: ${scenario.effects.length} arms with positive-reply rates ${rates} (effects ${scenario.effects.join(', ')}), ${scenario.sends} sends per run, ${scenario.sendsPerDay} a day, ${summary.runs} seeded runs (seed "${scenario.seed}")`,
    `rule: winner when P(best) ≥ ${rule.pBest} and every arm has ≥ ${rule.minTrialsPerArm} sends, re-checked after every classified reply and every day`,
    `meetings per 100 sends (expected under the truth): oracle ${per100.oracle.toFixed(3)}, bandit ${per100.bandit.toFixed(3)}, uniform split ${per100.uniform.toFixed(3)}`,
    `last 10% of sends: bandit ${per100.banditFinal.toFixed(3)}, oracle ${per100.oracleFinal.toFixed(3)} (uniform's share of the oracle: ${pct(per100.uniform / per100.oracle)})`,
    `regret vs the oracle: ${summary.regret.perRun.toFixed(2)} meetings per run (${summary.regret.per100.toFixed(3)} per 100 sends)`,
    `sends to convergence: a winner declared in ${summary.declared} of ${summary.runs} runs within ${scenario.sends} sends (the best arm in ${summary.declaredBest})${summary.medianSendsToConvergence === null ? '' : `, after a median ${summary.medianSendsToConvergence} sends`}`,
    `lift bound for these arms (oracle over uniform, max(effects)/mean(effects) − 1): ${pct(liftBound(scenario.effects))}`,
    `scoring weights refitted from meetings each 7-day cycle (30% held out, learning rate ${DEFAULT_REFIT_SETTINGS.learningRate}): applied in at least one cycle of ${summary.refit.applied} of ${summary.runs} runs; last cycle's held-out AUC ${fixed(summary.refit.aucBefore)} (weights in force) → ${fixed(summary.refit.aucAfter)} (the step towards the refit), mean over the ${summary.refit.measured} runs measured`,
    `oracle share: ${pct(summary.oracleShare)}`,
    `lift over uniform: ${pct(summary.liftOverUniform)}`,
    `A/A wrong winners: ${pct(summary.aaWrongWinners)}`,
  ];
}
