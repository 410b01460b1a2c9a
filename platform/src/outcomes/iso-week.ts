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
