// The simulator's engine: drives the learning engine's real functions (chooseArm, declareWinner,
// rewardOf, refitScoringWeights from @meetflow/plugin-learning-engine/experiments) through seeded
// runs against the known truth of ./scenario.ts, with outcomes that arrive days after the send.
// Every policy meets the same prospects with the same luck (common random numbers): prospect i
// replies positively under arm a when its uniform draw falls below P(positive | i, a).
import {
  chooseArm,
  declareWinner,
  hashSeed,
  refitScoringWeights,
  rewardOf,
  seededRandom,
  DEFAULT_DECLARATION_RULE,
  DEFAULT_REFIT_SETTINGS,
  type ArmCounts,
  type DeclarationRule,
  type ReplyCategory,
  type ScoringRefit,
  type SendOutcome,
} from '@meetflow/plugin-learning-engine/experiments';
import {
  ATTENDED_GIVEN_BOOKED,
  meetingGivenPositive,
  meetingProbability,
  OTHER_REPLIES,
  positiveReplyProbability,
  prospectFrom,
  STARTING_WEIGHTS,
  type Prospect,
  type Scenario,
} from './scenario.ts';

/** One send's fate under the truth, drawn before any policy acts (the same for every policy). */
interface Fate {
  prospect: Prospect;
  positiveDraw: number;
  otherDraw: number;
  meetingDraw: number;
  attendedDraw: number;
  replyDelay: number;
  bookingDelay: number;
  attendanceDelay: number;
}

/** Whole days after the event before the next one: 1 + a geometric number of days (mean `extra`). */
const delay = (draw: number, extra: number) => 1 + Math.floor(-extra * Math.log(1 - draw));

function fatesFor(scenario: Scenario, seed: string): Fate[] {
  const random = seededRandom(hashSeed(seed));
  return Array.from({ length: scenario.sends }, () => ({
    prospect: prospectFrom([random(), random(), random(), random(), random()]),
    positiveDraw: random(),
    otherDraw: random(),
    meetingDraw: random(),
    attendedDraw: random(),
    replyDelay: delay(random(), 2),
    bookingDelay: delay(random(), 1.5),
    attendanceDelay: 2 + delay(random(), 4),
  }));
}

/** What arm `arm` would get from this send: the reply's category and the meeting's fate. */
function outcomeUnder(scenario: Scenario, fate: Fate, arm: number): { reply?: ReplyCategory; booked: boolean; attended: boolean } {
  if (fate.positiveDraw < positiveReplyProbability(scenario, fate.prospect, arm)) {
    const booked = fate.meetingDraw < meetingGivenPositive(fate.prospect);
    return { reply: 'interested', booked, attended: booked && fate.attendedDraw < ATTENDED_GIVEN_BOOKED };
  }
  let below = 0;
  for (const { category, rate } of OTHER_REPLIES) {
    below += rate;
    if (fate.otherDraw < below) return { reply: category, booked: false, attended: false };
  }
  return { booked: false, attended: false };
}

/** One outcome event: on `day`, send `send` learns its reply, its booking or its attendance. */
interface OutcomeEvent {
  send: number;
  change: Partial<SendOutcome>;
  classifiedReply: boolean;
}

export interface RunResult {
  /** Σ over sends of the true P(meeting) of the arm each policy chose (expected meetings). */
  expected: { bandit: number; uniform: number; oracle: number };
  /** The same over the last 10% of sends: the meeting rate the bandit has reached by the end. */
  finalWindow: { bandit: number; oracle: number; sends: number };
  /** Meetings the bandit's sends actually booked. */
  meetingsBooked: number;
  /** Sends made when a winner was declared (null: none within the run), and which arm. */
  declaredAfter: number | null;
  winner: string | null;
  bestArm: string;
  /** Sends per arm. */
  allocation: Record<string, number>;
  /** The last weekly scoring refit (null when not asked or no cycle had outcomes), and how many were applied. */
  refit: ScoringRefit | null;
  refitsApplied: number;
}

export const armName = (index: number) => `arm-${index + 1}`;

/** A learning cycle every 7 days; a send's outcome counts for scoring once 10 days old (its reply and booking have arrived in most cases). */
const CYCLE_DAYS = 7;
const SETTLE_DAYS = 10;

/**
 * One seeded run of the bandit as the platform runs it: each send asks chooseArm (until a winner
 * is declared, then the winner gets every send, as auto-apply promotes it), the counts move when
 * an outcome arrives (reward = rewardOf of the outcome so far), and declareWinner re-checks after
 * every classified reply and at the end of every day. After the last send, outcomes keep
 * arriving and the checks go on until the last one. With `refit`, every 7 days a learning cycle
 * refits the scoring weights from meetings (refitScoringWeights, with the product's defaults: a
 * step of learning rate 0.1 towards the fit) and keeps what it applies.
 */
export function simulateRun(scenario: Scenario, seed: string, rule: DeclarationRule = DEFAULT_DECLARATION_RULE, refit = false): RunResult {
  const arms = scenario.effects.map((_, k) => k);
  const fates = fatesFor(scenario, seed);
  const counts: ArmCounts[] = arms.map((k) => ({ arm: armName(k), trials: 0, successes: 0 }));
  const outcomes: SendOutcome[] = [];
  const chosen: number[] = [];
  const sentOn: number[] = [];
  let weights = STARTING_WEIGHTS;
  let lastRefit: ScoringRefit | null = null;
  let refitsApplied = 0;
  const calendar = new Map<number, OutcomeEvent[]>();
  const schedule = (day: number, event: OutcomeEvent) => calendar.set(day, [...(calendar.get(day) ?? []), event]);
  let winner: string | null = null;
  let declaredAfter: number | null = null;
  let sent = 0;
  const check = () => {
    if (winner !== null) return;
    // Below the minimum sample declareWinner declares nothing (bandit.test.ts proves it): skipping
    // the call changes no result and spares most of the P(best) integrations.
    if (counts.some((c) => c.trials < rule.minTrialsPerArm)) return;
    const declaration = declareWinner(counts, rule, scenario.prior);
    if (declaration.winner !== null) {
      winner = declaration.winner;
      declaredAfter = sent;
    }
  };
  const arrive = (event: OutcomeEvent) => {
    const before = outcomes[event.send] ?? {};
    const after = { ...before, ...event.change };
    outcomes[event.send] = after;
    const armCounts = counts[chosen[event.send] ?? 0]!;
    armCounts.successes += rewardOf(after) - rewardOf(before);
    if (event.classifiedReply) check();
  };
  const lastDay = Math.ceil(scenario.sends / scenario.sendsPerDay);
  for (let day = 0; sent < scenario.sends || calendar.size > 0; day += 1) {
    for (const event of calendar.get(day) ?? []) arrive(event);
    calendar.delete(day);
    for (let k = 0; k < scenario.sendsPerDay && sent < scenario.sends; k += 1) {
      const arm =
        winner !== null
          ? counts.findIndex((c) => c.arm === winner)
          : counts.findIndex((c) => c.arm === chooseArm(counts, `${seed}:${sent}`, scenario.prior).arm);
      const fate = fates[sent]!;
      chosen[sent] = arm;
      sentOn[sent] = day;
      outcomes[sent] = {};
      counts[arm]!.trials += 1;
      const { reply, booked, attended } = outcomeUnder(scenario, fate, arm);
      if (reply !== undefined) {
        const replyDay = day + fate.replyDelay;
        schedule(replyDay, { send: sent, change: { reply }, classifiedReply: true });
        if (booked) {
          const bookedDay = replyDay + fate.bookingDelay;
          schedule(bookedDay, { send: sent, change: { meetingBooked: true }, classifiedReply: false });
          if (attended)
            schedule(bookedDay + fate.attendanceDelay, { send: sent, change: { meetingAttended: true }, classifiedReply: false });
        }
      }
      sent += 1;
    }
    check();
    if (refit && day % CYCLE_DAYS === CYCLE_DAYS - 1) {
      // A weekly cycle refits on the sends whose outcomes have had time to arrive.
      const settled = fates.flatMap((fate, i) =>
        i < sent && (sentOn[i] ?? day) <= day - SETTLE_DAYS
          ? [{ features: fate.prospect.features, meetingBooked: outcomes[i]?.meetingBooked === true }]
          : [],
      );
      if (settled.length > 0) {
        lastRefit = refitScoringWeights(weights, settled, `${seed}:cycle:${day}`, DEFAULT_REFIT_SETTINGS);
        if (lastRefit.applied) refitsApplied += 1;
        weights = lastRefit.effective;
      }
    }
    if (day > lastDay + 1000) throw new Error('the simulation did not settle: an outcome was scheduled too far ahead');
  }

  const best = arms.reduce((a, b) => ((scenario.effects[b] ?? 0) > (scenario.effects[a] ?? 0) ? b : a));
  const windowStart = Math.floor(scenario.sends * 0.9);
  const expected = { bandit: 0, uniform: 0, oracle: 0 };
  const finalWindow = { bandit: 0, oracle: 0, sends: scenario.sends - windowStart };
  fates.forEach((fate, i) => {
    const rates = arms.map((k) => meetingProbability(scenario, fate.prospect, k));
    const bandit = rates[chosen[i] ?? 0] ?? 0;
    const oracle = Math.max(...rates);
    expected.bandit += bandit;
    expected.oracle += oracle;
    expected.uniform += rates.reduce((sum, value) => sum + value, 0) / rates.length;
    if (i >= windowStart) {
      finalWindow.bandit += bandit;
      finalWindow.oracle += oracle;
    }
  });
  return {
    expected,
    finalWindow,
    meetingsBooked: outcomes.filter((o) => o.meetingBooked === true).length,
    declaredAfter,
    winner,
    bestArm: armName(best),
    allocation: Object.fromEntries(counts.map((c) => [c.arm, c.trials])),
    refit: lastRefit,
    refitsApplied,
  };
}

/** The figures of `npm run simulate`, over `scenario.runs` seeded runs of each kind. */
export interface Summary {
  runs: number;
  /** Expected meetings per 100 sends. */
  per100: { oracle: number; bandit: number; banditFinal: number; oracleFinal: number; uniform: number };
  /** Mean meetings lost against the oracle per run (cumulative regret), and per 100 sends. */
  regret: { perRun: number; per100: number };
  /** Bandit's final-window meeting rate as a share of the oracle's (the target: ≥ 95%). */
  oracleShare: number;
  /** Bandit's meetings over a fixed uniform split's on the same prospects, minus 1. */
  liftOverUniform: number;
  /** Runs that declared a winner, declared the best arm, and the median sends when they did. */
  declared: number;
  declaredBest: number;
  medianSendsToConvergence: number | null;
  /** A/A: runs (identical arms) that declared any winner, over runs. */
  aaWrongWinners: number;
  /** Weekly scoring refits: runs where one was applied, and the last refit's mean held-out AUC before/after where measured. */
  refit: { applied: number; measured: number; aucBefore: number | null; aucAfter: number | null };
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The A/A rate alone: `runs` seeded runs with every arm at effect 1. */
export function aaWrongWinnerRate(scenario: Scenario, rule: DeclarationRule = DEFAULT_DECLARATION_RULE): number {
  const identical = { ...scenario, effects: scenario.effects.map(() => 1) };
  let wrong = 0;
  for (let run = 0; run < scenario.runs; run += 1)
    if (simulateRun(identical, `${scenario.seed}:aa:${run}`, rule).winner !== null) wrong += 1;
  return wrong / scenario.runs;
}

/** The bandit scenario's figures alone (no A/A runs). */
export function banditFigures(
  scenario: Scenario,
  rule: DeclarationRule = DEFAULT_DECLARATION_RULE,
  refit = true,
): Omit<Summary, 'aaWrongWinners'> {
  const results = Array.from({ length: scenario.runs }, (_, run) => simulateRun(scenario, `${scenario.seed}:${run}`, rule, refit));
  const sum = (pick: (r: RunResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  const sends = scenario.sends * results.length;
  const finalSends = sum((r) => r.finalWindow.sends);
  const declaredRuns = results.filter((r) => r.declaredAfter !== null);
  const measured = results.flatMap((r) => (r.refit?.aucBefore != null && r.refit.aucAfter != null ? [r.refit] : []));
  const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
  return {
    runs: results.length,
    per100: {
      oracle: (100 * sum((r) => r.expected.oracle)) / sends,
      bandit: (100 * sum((r) => r.expected.bandit)) / sends,
      uniform: (100 * sum((r) => r.expected.uniform)) / sends,
      banditFinal: (100 * sum((r) => r.finalWindow.bandit)) / finalSends,
      oracleFinal: (100 * sum((r) => r.finalWindow.oracle)) / finalSends,
    },
    regret: {
      perRun: sum((r) => r.expected.oracle - r.expected.bandit) / results.length,
      per100: (100 * sum((r) => r.expected.oracle - r.expected.bandit)) / sends,
    },
    oracleShare: sum((r) => r.finalWindow.bandit) / sum((r) => r.finalWindow.oracle),
    liftOverUniform: sum((r) => r.expected.bandit) / sum((r) => r.expected.uniform) - 1,
    declared: declaredRuns.length,
    declaredBest: declaredRuns.filter((r) => r.winner === r.bestArm).length,
    medianSendsToConvergence: median(declaredRuns.map((r) => r.declaredAfter ?? 0)),
    refit: {
      applied: results.filter((r) => r.refitsApplied > 0).length,
      measured: measured.length,
      aucBefore: mean(measured.map((r) => r.aucBefore ?? 0)),
      aucAfter: mean(measured.map((r) => r.aucAfter ?? 0)),
    },
  };
}

export function simulate(scenario: Scenario, rule: DeclarationRule = DEFAULT_DECLARATION_RULE): Summary {
  return { ...banditFigures(scenario, rule), aaWrongWinners: aaWrongWinnerRate(scenario, rule) };
}
