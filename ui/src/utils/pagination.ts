import { formatNumber } from './format.ts';

/** Which items a page shows, e.g. "21–40 of 57"; `shown` is how many it holds. */
export function pageRange(page: number, limit: number, shown: number, total: number): string {
  const first = (page - 1) * limit + 1;
  return shown === 0
    ? `0 of ${formatNumber(total)}`
    : `${formatNumber(first)}–${formatNumber(first + shown - 1)} of ${formatNumber(total)}`;
}

/** The last page that holds an item of `total` (1 when there is none). */
export const lastPage = (total: number, limit: number): number => Math.max(1, Math.ceil(total / limit));
