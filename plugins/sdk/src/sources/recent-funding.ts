/** Whether a funding date falls in the 12 months before `now`; null when the date is unknown or unreadable. */
export function fundedRecently(date: string | null | undefined, now: Date): boolean | null {
  if (!date) return null;
  const time = Date.parse(date);
  if (Number.isNaN(time)) return null;
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  return time >= yearAgo.getTime() && time <= now.getTime();
}
