import * as chrono from 'chrono-node';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * "Monday the 30th": chrono reads only "Monday", which lands on the wrong week. This parser
 * finds the first month, from the reference date on, whose day N falls on that weekday.
 */
const weekdayWithOrdinal: chrono.Parser = {
  pattern: () => /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday),?\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/i,
  extract: (context, match) => {
    const weekday = WEEKDAYS.indexOf((match[1] ?? '').toLowerCase());
    const day = Number(match[2]);
    const reference = context.reference.instant;
    for (let monthsAhead = 0; monthsAhead < 12; monthsAhead += 1) {
      const candidate = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth() + monthsAhead, day));
      const sameMonth = candidate.getUTCDate() === day;
      if (sameMonth && candidate.getUTCDay() === weekday && candidate.getTime() >= reference.getTime() - 86_400_000) {
        return { day, month: candidate.getUTCMonth() + 1, year: candidate.getUTCFullYear(), weekday };
      }
    }
    return null;
  },
};

/** Chrono with the weekday-ordinal parser: en-US reading first, then day/month (en-GB) for "01/12". */
const PARSERS = [chrono.casual.clone(), chrono.en.GB.clone()];
for (const parser of PARSERS) parser.parsers.unshift(weekdayWithOrdinal);

// Words that tie a date to the sender's return; "through X", "after X" and "from Y to X" name
// the last day away, so the sender is back the day after.
const RETURN_WORDS = /\b(?:back|return|returning|returns|until|till|til|through|thru|after|re-?open|resume)\b[^.!?;\n]*$/i;
const LAST_DAY_AWAY = /\b(?:through|thru|after|including)\s+(?:the\s+)?$|\bfrom\b[^.!?;\n]*(?:\b(?:to|until|till)|-|–)\s*$/i;

/** Minutes east of UTC in an ISO datetime ("Z" = 0), so dates read in the sender's own day. */
function offsetMinutes(iso: string): number {
  const zone = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!zone) return 0;
  return (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
}

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The parsed return date and the words it came from. */
export interface ReturnDate {
  date: string;
  matched: string;
}

/**
 * The date an out-of-office sender is back, read by chrono-node relative to when the reply
 * arrived. A date after a return word wins ("back on", "until", "returning"); otherwise the
 * first date range. For a range or "through X" the sender is back the day after it ends.
 */
export function parseReturnDate(text: string, receivedAt: string): ReturnDate | null {
  const reference = { instant: new Date(receivedAt), timezone: offsetMinutes(receivedAt) };
  const receivedDay = new Date(reference.instant.getTime() + reference.timezone * 60_000).toISOString().slice(0, 10);
  for (const parser of PARSERS) {
    const found = returnDateBy(parser, text, reference);
    // "01/12/2026" is 12 January to en-US; a reading already past means the sender wrote day/month.
    if (found && found.date > receivedDay) return found;
  }
  return null;
}

function returnDateBy(parser: chrono.Chrono, text: string, reference: chrono.ParsingReference): ReturnDate | null {
  // A bare clock time ("from 23" read as 23:00) says nothing about the day.
  const results = parser
    .parse(text, reference, { forwardDate: true })
    .filter((result) => result.start.isCertain('day') || result.start.isCertain('weekday'));
  const before = (result: chrono.ParsedResult) => text.slice(Math.max(0, result.index - 60), result.index);
  const chosen =
    results.find((result) => RETURN_WORDS.test(before(result)) || LAST_DAY_AWAY.test(before(result))) ??
    results.find((result) => result.end);
  if (!chosen) return null;
  const last = chosen.end ?? chosen.start;
  const dayAfter = chosen.end !== null || LAST_DAY_AWAY.test(before(chosen)) ? 1 : 0;
  const date = isoDate(last.get('year') ?? 0, last.get('month') ?? 1, (last.get('day') ?? 1) + dayAfter);
  return { date, matched: chosen.text };
}
