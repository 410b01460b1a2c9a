import { betaPosterior, probabilityAbove } from '@meetflow/plugin-sdk/experiments/beta';
import { TEMPLATES, type CycleMetrics, type Outcomes, type TemplatePerformance } from './schemas.ts';

/** Weights of the learning score's three components; they sum to one. */
export const LEARNING_SCORE_WEIGHTS = { response: 0.4, meetings: 0.3, confidence: 0.3 } as const;

/** How this cycle's response rate compares with what the current template rates expected. */
export interface ResponseComparison {
  /** Replies / sends, as a fraction (0 without sends). */
  rate: number;
  /** The mean of the current template response rates: what the system expected. */
  baseline: number;
  /** P(the true response rate is on the side of the baseline the observed rate is on), uniform prior. */
  confidence: number;
}

/** Compares the observed response rate with the expected one. */
export function compareResponse(outcomes: Outcomes, current: TemplatePerformance): ResponseComparison {
  const baseline = TEMPLATES.reduce((sum, template) => sum + current[template], 0) / TEMPLATES.length;
  if (outcomes.sends === 0) return { rate: 0, baseline, confidence: 0 };
  const rate = outcomes.replies / outcomes.sends;
  const above = probabilityAbove(betaPosterior(0.5, 2, outcomes.replies, outcomes.sends), baseline);
  return { rate, baseline, confidence: rate >= baseline ? above : 1 - above };
}

/**
 * The learning score, 0–100 with one decimal:
 * 100 × (0.4·R + 0.3·M + 0.3·C) where R = min(1, response rate / baseline) (how the replies
 * measure up to the current template rates), M = min(1, attended meetings / replies) (how much
 * of the engagement became paid meetings) and C = the mean confidence of the three proposals.
 */
export function learningScore(outcomes: Outcomes, response: ResponseComparison, confidences: readonly number[]): number {
  const responsePart = response.baseline > 0 ? Math.min(1, response.rate / response.baseline) : Math.min(1, response.rate > 0 ? 1 : 0);
  const meetingPart = outcomes.replies > 0 ? Math.min(1, outcomes.meetingsAttended / outcomes.replies) : 0;
  const confidencePart = confidences.length > 0 ? confidences.reduce((sum, value) => sum + value, 0) / confidences.length : 0;
  const { response: wr, meetings: wm, confidence: wc } = LEARNING_SCORE_WEIGHTS;
  return Number((100 * (wr * responsePart + wm * meetingPart + wc * confidencePart)).toFixed(1));
}

/** The dashboard metrics of a cycle. */
export function cycleMetrics(outcomes: Outcomes, response: ResponseComparison, confidences: readonly number[]): CycleMetrics {
  return {
    response_rate: Number((100 * response.rate).toFixed(1)),
    meeting_booked: outcomes.meetingsBooked,
    learning_score: learningScore(outcomes, response, confidences),
    sampleSize: outcomes.scoredLeads.length,
  };
}
