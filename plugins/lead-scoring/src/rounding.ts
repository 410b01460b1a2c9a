/**
 * Rounds non-negative values to whole units so that they sum to exactly `target`, moving each as
 * little as possible (largest-remainder method). `caps` bounds each result from above; their sum
 * must reach the target. Used in tenths of a point, so shown points add up to the shown total.
 */
export function apportion(values: readonly number[], target: number, caps: readonly number[] = values.map(() => Infinity)): number[] {
  // The epsilon keeps 31.5 × 10 = 314.99999… from flooring to 314.
  const units = values.map((value, index) => Math.min(caps[index] ?? Infinity, Math.floor(value + 1e-9)));
  const byRemainder = values
    .map((value, index) => ({ index, remainder: value - Math.floor(value + 1e-9) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
    .map((entry) => entry.index);
  let missing = target - units.reduce((sum, unit) => sum + unit, 0);
  // A zero value (a dimension that scored nothing) receives units only when nothing else can.
  let allowZeros = false;
  while (missing !== 0) {
    let moved = false;
    const order = missing > 0 ? byRemainder : [...byRemainder].reverse();
    for (const index of order) {
      if (missing === 0) break;
      const unit = units[index] ?? 0;
      const canGrow = unit < (caps[index] ?? Infinity) && (allowZeros || (values[index] ?? 0) > 0);
      if (missing > 0 && canGrow) {
        units[index] = unit + 1;
        missing -= 1;
        moved = true;
      } else if (missing < 0 && unit > 0) {
        units[index] = unit - 1;
        missing += 1;
        moved = true;
      }
    }
    if (!moved && allowZeros) throw new Error(`cannot apportion ${values.join(', ')} to ${target} within ${caps.join(', ')}`);
    if (!moved) allowZeros = true;
  }
  return units;
}
