const DAY_MS = 86_400_000;

/**
 * The ISO-8601 week of an instant in UTC, as `YYYY-Www` (MongoDB's `%G-W%V`): weeks start on
 * Monday and belong to the year of their Thursday, so 2021-01-03 is in `2020-W53`.
 */
export function isoWeekOf(instant: Date): string {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7)); // the Thursday of the same week
  const year = day.getUTCFullYear();
  const week = Math.floor((day.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The UTC calendar day of an instant, as `YYYY-MM-DD`: the period of a daily rollup. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The Monday (`YYYY-MM-DD`) an ISO week such as `2025-W07` starts on. */
export function isoWeekStart(week: string): string {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  const jan4 = new Date(Date.UTC(year, 0, 4)); // always in week 1
  const monday = jan4.getTime() - ((jan4.getUTCDay() || 7) - 1) * DAY_MS;
  return dayOf(new Date(monday + (number - 1) * 7 * DAY_MS));
}

/** The instant `days` whole days before `instant`. */
export function daysBefore(instant: Date, days: number): Date {
  return new Date(instant.getTime() - days * DAY_MS);
}
