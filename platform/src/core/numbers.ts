/** Rounds to two decimals (confidences, fractions). */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** `part` of `whole` in percent with one decimal; null when there is no whole to measure against. */
export const percentOf = (part: number, whole: number): number | null => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
