// A prospect's answer to an invitation from their calendar (Accept / Decline in Gmail, Outlook, Apple
// Mail): an email with an iCalendar METHOD:REPLY part (RFC 5546 §3.2.3). The email domain recognises
// it; what it does to a meeting is revenue's, which registers its handler here (revenue builds on
// email, so email cannot call it directly).
import type { Connection } from 'mongoose';

/** One content line of an iCalendar object (RFC 5545 §3.1): its name (upper case), parameters and raw value. */
export interface ICalendarLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

/** One component (VCALENDAR, VEVENT…) with its own lines and the components inside it. */
export interface ICalendarComponent {
  name: string;
  lines: ICalendarLine[];
  components: ICalendarComponent[];
}

/**
 * Reads iCalendar text as RFC 5545 writes it: lines unfolded (§3.1: CRLF or LF then one space or
 * tab), each `NAME[;PARAM=value…]:VALUE`, a quoted parameter value keeping its `:`, `;` and `,`.
 * Answers the top-level components; a line outside any component, or an END that closes nothing
 * open, makes it null (not iCalendar).
 */
export function readICalendar(text: string): ICalendarComponent[] | null {
  const roots: ICalendarComponent[] = [];
  const open: ICalendarComponent[] = [];
  for (const raw of text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/)) {
    if (raw.trim() === '') continue;
    const line = contentLine(raw);
    if (!line) return null;
    if (line.name === 'BEGIN') {
      const component: ICalendarComponent = { name: line.value.toUpperCase(), lines: [], components: [] };
      (open.at(-1)?.components ?? roots).push(component);
      open.push(component);
    } else if (line.name === 'END') {
      if (open.pop()?.name !== line.value.toUpperCase()) return null;
    } else {
      const current = open.at(-1);
      if (!current) return null;
      current.lines.push(line);
    }
  }
  return open.length === 0 ? roots : null;
}

/** One unfolded content line, or null when it has no name or no `:` outside quotes. */
function contentLine(line: string): ICalendarLine | null {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let at = 0; at < line.length; at++) {
    const char = line[at];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ';' || char === ':')) {
      parts.push(line.slice(start, at));
      start = at + 1;
      if (char === ':') {
        const [name = '', ...params] = parts;
        if (!/^[A-Za-z0-9-]+$/.test(name)) return null;
        return { name: name.toUpperCase(), params: paramsOf(params), value: line.slice(start) };
      }
    }
  }
  return null;
}

/** `NAME=value` parameters, names upper-cased, surrounding quotes removed. */
function paramsOf(params: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const param of params) {
    const equals = param.indexOf('=');
    if (equals <= 0) continue;
    out[param.slice(0, equals).toUpperCase()] = param.slice(equals + 1).replace(/^"(.*)"$/, '$1');
  }
  return out;
}

/** The value of a component's first line of that name, or undefined. */
export const propertyOf = (component: ICalendarComponent, name: string) => component.lines.find((line) => line.name === name);

/** What an iCalendar REPLY says: which event, which version of it, and each attendee's answer. */
export interface CalendarReply {
  uid: string;
  /** The SEQUENCE of the invitation answered (0 when the REPLY gives none, as RFC 5546 allows). */
  sequence: number;
  /** Each ATTENDEE: the address (lowercased, `mailto:` removed) and its PARTSTAT (upper case; NEEDS-ACTION when absent). */
  attendees: Array<{ email: string; partstat: string }>;
}

/**
 * The REPLY in an iCalendar text: null unless the calendar's METHOD is REPLY and it has a VEVENT
 * with a UID (an invitation, a cancellation or a publication of an event is not an answer).
 */
export function parseCalendarReply(text: string): CalendarReply | null {
  const calendar = readICalendar(text)?.find((component) => component.name === 'VCALENDAR');
  if (!calendar || propertyOf(calendar, 'METHOD')?.value.trim().toUpperCase() !== 'REPLY') return null;
  const event = calendar.components.find((component) => component.name === 'VEVENT');
  const uid = event && propertyOf(event, 'UID')?.value.trim();
  if (!event || !uid) return null;
  const sequence = Number(propertyOf(event, 'SEQUENCE')?.value.trim() ?? '0');
  return {
    uid,
    sequence: Number.isInteger(sequence) && sequence >= 0 ? sequence : 0,
    attendees: event.lines
      .filter((line) => line.name === 'ATTENDEE')
      .map((line) => ({
        email: line.value
          .trim()
          .replace(/^mailto:/i, '')
          .toLowerCase(),
        partstat: (line.params.PARTSTAT ?? 'NEEDS-ACTION').toUpperCase(),
      })),
  };
}

/** What answering an invitation did to a meeting (the handler's answer). */
export interface CalendarReplyOutcome {
  meetingId: string;
  prospectId: number;
  answer: 'accepted' | 'tentative' | 'declined';
  /** What was done, in a few words: "cancelled", "recorded", or why nothing was (an older invitation's answer…). */
  done: string;
}

/**
 * What a workspace does with an inbound REPLY from `from`: the meeting it answers, or null when it
 * answers none of the workspace's (then it is read as an ordinary reply).
 */
export type CalendarReplyHandler = (workspaceId: string, from: string, reply: CalendarReply) => Promise<CalendarReplyOutcome | null>;

const handlers = new WeakMap<Connection, CalendarReplyHandler>();

/** Registers what an invitation's answer does, on this app's connection (revenue's meetings, when their router is built). */
export function registerCalendarReplyHandler(connection: Connection, handler: CalendarReplyHandler): void {
  handlers.set(connection, handler);
}

/** The handler registered on this connection; undefined: answers are read as ordinary replies. */
export function calendarReplyHandler(connection: Connection): CalendarReplyHandler | undefined {
  return handlers.get(connection);
}
