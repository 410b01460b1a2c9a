// The slice's learned probabilities are Beta posteriors: a prior mean weighted as a number of
// pseudo-observations, plus the observed counts. Kept as plain functions so that every stored
// pm and quality score can be recomputed from the counts stored beside it.

/** Posterior mean (priorMean·strength + successes) / (strength + trials), 4 decimals. */
export function posteriorMean(priorMean: number, strength: number, successes: number, trials: number): number {
  return Number(((priorMean * strength + successes) / (strength + trials)).toFixed(4));
}

/**
 * Internal expected cost per attended meeting, in USD: the cost of working the period's leads
 * (leads × costPerLead) spread over the attended meetings expected from the period's bookings
 * (booked × pm). Null without bookings: nothing to spread the cost over.
 */
export function expectedCostPerMeeting(leads: number, costPerLead: number, booked: number, pm: number): number | null {
  if (booked <= 0 || pm <= 0) return null;
  return Number(((leads * costPerLead) / (booked * pm)).toFixed(2));
}
