import { formatNumber } from '../../../utils/format.ts';
import type { ScoringRefit } from '../api/types.ts';

/** The five weights' names as Agent Configuration shows them. */
export const WEIGHT_LABELS = {
  companySize: 'Company size',
  industryMatch: 'Industry match',
  techStack: 'Tech stack',
  jobTitle: 'Job title',
  timing: 'Timing & intent',
} as const;

/** How many contacted prospects the refit left out for having been scored before timing was recorded (from its reason). */
export function leftOutWithoutTiming(refit: ScoringRefit): number {
  const match = /\((\d+) scored before timing was recorded are left out\)/.exec(refit.reason);
  return match ? Number(match[1]) : 0;
}

/** Whether a refit has held-out AUCs to show: too few prospects or meetings left nothing to judge. */
export const refitMeasured = (refit: ScoringRefit) => refit.aucBefore !== null && refit.aucAfter !== null;

/** The refit's outcome in one or two words, for its badge. */
export function refitVerdict(refit: ScoringRefit): { label: string; tone: 'success' | 'info' | 'ghost' | 'warning' } {
  if (refit.applied && refit.rolledBackAt) return { label: 'Rolled back', tone: 'warning' };
  if (refit.applied) return { label: 'Applied', tone: 'success' };
  if (refit.better) return { label: 'Recommended', tone: 'info' };
  return { label: 'Not applied', tone: 'ghost' };
}

/** What was judged: the fit itself at a learning rate of 1 (or in refits from before it acted), else the step towards it. */
const proposedWeights = (refit: ScoringRefit) =>
  refit.learningRate === null || refit.learningRate >= 1 ? 'The refitted weights' : 'The weights stepped towards the fit';

const z = (refit: ScoringRefit) => (refit.z === null ? '' : ` (z = ${refit.z.toFixed(2)})`);

/** Why the refit was or was not applied, in plain words. */
export function refitExplanation(refit: ScoringRefit): string {
  if (refit.applied && refit.rolledBackAt)
    return 'Its weights were applied, then rolled back: the weights in force before it score prospects again.';
  if (refit.applied)
    return `${proposedWeights(refit)} ranked the held-out prospects better than the weights in force, beyond noise${z(refit)}, so they now score new prospects.`;
  if (refit.better)
    return `${proposedWeights(refit)} ranked the held-out prospects better, but Auto-Apply Optimizations is off: this is a recommendation; set the weights under Agent Configuration to use it.`;
  switch (refit.status) {
    case 'too-few-leads': {
      const leftOut = leftOutWithoutTiming(refit);
      const older = leftOut > 0 ? ` ${formatNumber(leftOut)} more were scored before timing was recorded and are left out.` : '';
      return `Too few contacted prospects to learn from: ${formatNumber(refit.sampleSize)} so far, a refit needs ${formatNumber(refit.minSampleSize)}.${older}`;
    }
    case 'too-few-meetings':
      return `Too few meetings to learn from: ${formatNumber(refit.meetings)} among ${formatNumber(refit.sampleSize)} contacted prospects; a refit needs ${refit.minMeetings} in the 70% it is fitted on.`;
    case 'no-signal':
      return 'No score dimension raised the chance of a meeting: the weights in force stay.';
    case 'not-better':
      return `Not better than the weights in force beyond noise${z(refit)}: they stay.`;
    default:
      return `Not applied: ${refit.reason}.`;
  }
}
