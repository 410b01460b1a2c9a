// An out-of-office return date for tests whose sequences run on the real clock: a date already past
// pauses a sequence only until now, so a fixed date stops proving the pause once that day comes.

/** A day `days` after today (UTC): its ISO date and how an auto-reply spells it, British and American. */
export function daysFromToday(days = 7, now = new Date()): { iso: string; british: string; american: string } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days));
  const spelled = (locale: string) =>
    day.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    iso: day.toISOString().slice(0, 10),
    // "Monday 7 December 2026"
    british: spelled('en-GB').replace(',', ''),
    // "December 7, 2026"
    american: day.toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  };
}
