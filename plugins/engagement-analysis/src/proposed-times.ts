import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';

/** A day and time the sender offered for a meeting, as an instant, and the words it was read from. */
export interface ProposedTime {
  /** ISO 8601 in UTC. */
  start: string;
  matched: string;
  /** The sentence it was found in (an index into the reply's sentences). */
  sentence: number;
}

// A time offered back ("Does Tuesday at 2pm work?") is a wish to meet; a time in a statement
// ("I'm back Monday at 9") is not an offer, hence the question or offer words.
const OFFER = /\?|\b(?:works?|free|available|suits?|how about|what about|could we|can we|shall we)\b/i;

/** The sender's zone: the one given (the prospect's), else the fixed offset the reply's Date header carried. */
function zoneOf(receivedAt: string, timeZone: string | undefined): string {
  if (timeZone && DateTime.now().setZone(timeZone).isValid) return timeZone;
  const offset = /([+-]\d{2}):?(\d{2})$/.exec(receivedAt);
  return offset ? `UTC${offset[1]}:${offset[2]}` : 'UTC';
}

/**
 * Every concrete day and time the reply offers for a meeting ("Monday at 13:15 works",
 * "how about Thursday 3pm?"), read by chrono-node relative to when the reply arrived, in the
 * sender's own time zone (the prospect's when known), forward only, at most three. A time with
 * no day ("3pm works") or a day with no time ("Monday works") is not a proposal one can book.
 */
export function proposedTimes(sentences: readonly string[], receivedAt: string, timeZone?: string): ProposedTime[] {
  const zone = zoneOf(receivedAt, timeZone);
  const received = DateTime.fromISO(receivedAt, { setZone: true }).setZone(zone);
  if (!received.isValid) return [];
  // chrono reads wall-clock components; the reference's offset places "Monday" on the sender's calendar.
  const reference = { instant: received.toJSDate(), timezone: received.offset };
  const found: ProposedTime[] = [];
  for (const [index, sentence] of sentences.entries()) {
    if (!OFFER.test(sentence)) continue;
    for (const result of chrono.casual.parse(sentence, reference, { forwardDate: true })) {
      const start = result.start;
      if (!start.isCertain('hour') || !(start.isCertain('day') || start.isCertain('weekday'))) continue;
      // The wall-clock time in the sender's zone, so a proposal across a daylight-saving change keeps its hour.
      const at = DateTime.fromObject(
        {
          year: start.get('year')!,
          month: start.get('month')!,
          day: start.get('day')!,
          hour: start.get('hour')!,
          minute: start.get('minute') ?? 0,
        },
        { zone },
      );
      if (!at.isValid || at < received) continue;
      const iso = at.toUTC().toISO({ suppressMilliseconds: true })!;
      if (!found.some((time) => time.start === iso)) found.push({ start: iso, matched: result.text, sentence: index });
      if (found.length === 3) return found;
    }
  }
  return found;
}
