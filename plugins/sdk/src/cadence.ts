/** The three steps of a sequence cadence, in days. */
export interface CadenceDays {
  step1: number;
  step2: number;
  step3: number;
}

/**
 * The day (counted from enrolment) each step of a sequence is sent. The workspace's
 * `cadenceTiming` values are waits, each counted from the step before (step 1 from enrolment),
 * so the spec's defaults 3, 5, 7 send on days 3, 8 and 15.
 */
export function cadenceSendDays(timing: CadenceDays): CadenceDays {
  const step2 = timing.step1 + timing.step2;
  return { step1: timing.step1, step2, step3: step2 + timing.step3 };
}

/** The waits that send each step on the given days: the inverse of cadenceSendDays. */
export function cadenceWaits(days: CadenceDays): CadenceDays {
  return { step1: days.step1, step2: days.step2 - days.step1, step3: days.step3 - days.step2 };
}
