import type { BusyInterval, CalendarEvent, EventChanges } from '@meetflow/plugin-sdk';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';

// iCalendar (RFC 5545) with ical.js: the events this plugin writes, the changes it makes to them,
// and the busy time read from any client's events (recurrences expanded, time zones resolved).

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;

/** A meeting as createEvent writes it (the contract's NewEvent, parsed). */
export interface EventToWrite {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string | null;
  conferencingUrl: string | null;
  organizer: { email: string; name?: string };
  attendees: Array<{ email: string; name?: string }>;
}

const PRODID = '-//Meetflow//calendar-caldav//EN';
/** Occurrences of one recurring event looked at, at most, in one range (a daily event over 27 years). */
const MAX_OCCURRENCES = 10_000;

const utcTime = (iso: string): Time => ICAL.Time.fromJSDate(new Date(iso), true);

function setText(event: Component, name: string, value: string | null): void {
  event.removeAllProperties(name);
  if (value !== null && value !== '') event.addPropertyWithValue(name, value);
}

function setPeople(event: Component, attendees: Array<{ email: string; name?: string }>): void {
  event.removeAllProperties('attendee');
  for (const attendee of attendees) {
    const property = new ICAL.Property('attendee', event);
    property.setValue(`mailto:${attendee.email}`);
    if (attendee.name) property.setParameter('cn', attendee.name);
    property.setParameter('role', 'REQ-PARTICIPANT');
    property.setParameter('partstat', 'NEEDS-ACTION');
    property.setParameter('rsvp', 'TRUE');
    event.addProperty(property);
  }
}

/** The video link: LOCATION when no place is set, URL, and CONFERENCE (RFC 7986) that newer clients show as a join button. */
function setConferencing(event: Component, url: string | null, location: string | null): void {
  setText(event, 'location', location ?? url);
  event.removeAllProperties('url');
  event.removeAllProperties('conference');
  if (!url) return;
  event.addPropertyWithValue('url', url);
  const conference = new ICAL.Property('conference', event);
  conference.resetType('uri');
  conference.setValue(url);
  conference.setParameter('feature', 'VIDEO');
  conference.setParameter('label', 'Join the meeting');
  event.addProperty(conference);
}

/** A VCALENDAR holding one VEVENT: the meeting, confirmed, opaque (busy), SEQUENCE 0, its times in UTC. */
export function buildEvent(input: EventToWrite, now: Date): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  const event = new ICAL.Component('vevent', calendar);
  calendar.addSubcomponent(event);
  event.addPropertyWithValue('uid', input.uid);
  event.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  event.addPropertyWithValue('dtstart', utcTime(input.start));
  event.addPropertyWithValue('dtend', utcTime(input.end));
  event.addPropertyWithValue('summary', input.summary);
  setText(event, 'description', input.description);
  setConferencing(event, input.conferencingUrl, input.location);
  const organizer = new ICAL.Property('organizer', event);
  organizer.setValue(`mailto:${input.organizer.email}`);
  if (input.organizer.name) organizer.setParameter('cn', input.organizer.name);
  event.addProperty(organizer);
  setPeople(event, input.attendees);
  event.addPropertyWithValue('status', 'CONFIRMED');
  event.addPropertyWithValue('transp', 'OPAQUE');
  event.addPropertyWithValue('sequence', 0);
  return calendar.toString();
}

/** The one master VEVENT of an object this plugin changes (never an instance of a recurring series). */
function masterOf(text: string): { calendar: Component; event: Component } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = calendar.getAllSubcomponents('vevent').find((candidate) => !candidate.hasProperty('recurrence-id'));
  if (!event) throw new Error('the calendar object holds no event');
  return { calendar, event };
}

function bump(event: Component, now: Date): void {
  const sequence = Number(event.getFirstPropertyValue('sequence') ?? 0);
  event.updatePropertyWithValue('sequence', (Number.isFinite(sequence) ? sequence : 0) + 1);
  event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  event.updatePropertyWithValue('last-modified', ICAL.Time.fromJSDate(now, true));
}

/** The object with the changes applied to its event and SEQUENCE raised (RFC 5546: attendees' clients take it as the newer version). */
export function applyChanges(text: string, changes: EventChanges, now: Date): string {
  const { calendar, event } = masterOf(text);
  if (changes.start !== undefined) event.updatePropertyWithValue('dtstart', utcTime(changes.start));
  if (changes.end !== undefined) {
    event.removeAllProperties('duration');
    event.updatePropertyWithValue('dtend', utcTime(changes.end));
  }
  if (changes.summary !== undefined) setText(event, 'summary', changes.summary);
  if (changes.description !== undefined) setText(event, 'description', changes.description);
  if (changes.conferencingUrl !== undefined || changes.location !== undefined) {
    const url =
      changes.conferencingUrl !== undefined ? changes.conferencingUrl : ((event.getFirstPropertyValue('url') as string | null) ?? null);
    const location =
      changes.location !== undefined
        ? changes.location
        : url === null
          ? null
          : ((event.getFirstPropertyValue('location') as string | null) ?? null);
    setConferencing(event, url, location === url ? null : location);
  }
  if (changes.attendees !== undefined) setPeople(event, changes.attendees);
  const start = event.getFirstPropertyValue('dtstart') as Time;
  const end = event.getFirstPropertyValue('dtend') as Time | null;
  if (end && end.compare(start) <= 0) throw new Error('start must be before end');
  bump(event, now);
  return calendar.toString();
}

/** The object with its event STATUS:CANCELLED and SEQUENCE raised (the whole series, when it recurs). */
export function cancelEvent(text: string, now: Date): string {
  const { calendar, event } = masterOf(text);
  event.updatePropertyWithValue('status', 'CANCELLED');
  bump(event, now);
  return calendar.toString();
}

/**
 * Milliseconds since the epoch of a time as its zone places it: UTC, a VTIMEZONE of the object,
 * else an IANA zone of that name (clients that leave the VTIMEZONE out), else floating (and
 * all-day dates), read as UTC.
 */
function epochOf(time: Time): number {
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone && !time.isDate) return time.toUnixTime() * 1000;
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  const tzid = (time as unknown as { timezone?: string }).timezone;
  if (tzid && !time.isDate) {
    const zoned = DateTime.fromObject(wall, { zone: tzid });
    if (zoned.isValid) return zoned.toMillis();
  }
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** Busy unless TRANSP:TRANSPARENT or STATUS:CANCELLED (RFC 4791 §7.10's rules for VEVENTs). */
function isBusy(event: Component): boolean {
  const transp = String(event.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  const status = String(event.getFirstPropertyValue('status') ?? 'CONFIRMED').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/** The busy intervals of calendar objects within [from, to), every recurrence expanded (RRULE, RDATE, EXDATE, overridden instances). */
export function busyFromObjects(texts: readonly string[], from: Date, to: Date): BusyInterval[] {
  const [rangeStart, rangeEnd] = [from.getTime(), to.getTime()];
  const intervals: Array<[number, number]> = [];
  const add = (start: number, end: number) => {
    if (start < rangeEnd && end > rangeStart) intervals.push([Math.max(start, rangeStart), Math.min(end, rangeEnd)]);
  };
  for (const text of texts) {
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const vevents = calendar.getAllSubcomponents('vevent');
    const masters = vevents.filter((event) => !event.hasProperty('recurrence-id'));
    const uids = new Set(masters.map((event) => event.getFirstPropertyValue('uid')));
    // An instance whose series is not here (an invitation to one occurrence) stands alone.
    for (const orphan of vevents.filter((event) => event.hasProperty('recurrence-id') && !uids.has(event.getFirstPropertyValue('uid')))) {
      const event = new ICAL.Event(orphan);
      if (isBusy(orphan)) add(epochOf(event.startDate), epochOf(event.endDate));
    }
    for (const master of masters) {
      const uid = master.getFirstPropertyValue('uid');
      const exceptions = vevents.filter((event) => event.hasProperty('recurrence-id') && event.getFirstPropertyValue('uid') === uid);
      const event = new ICAL.Event(master, { exceptions, strictExceptions: true });
      if (!event.isRecurring()) {
        if (isBusy(master)) add(epochOf(event.startDate), epochOf(event.endDate));
        continue;
      }
      const iterator = event.iterator();
      for (let count = 0, next = iterator.next(); next && count < MAX_OCCURRENCES; next = iterator.next(), count++) {
        const details = event.getOccurrenceDetails(next);
        const start = epochOf(details.startDate);
        if (start >= rangeEnd) break;
        if (isBusy(details.item.component)) add(start, epochOf(details.endDate));
      }
    }
  }
  return mergeIntervals(intervals);
}

/** The busy periods of a free-busy-query answer (a VFREEBUSY): every FREEBUSY period but FBTYPE=FREE, clipped to [from, to). */
export function busyFromFreeBusy(text: string, from: Date, to: Date): BusyInterval[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const intervals: Array<[number, number]> = [];
  for (const freeBusy of calendar.getAllSubcomponents('vfreebusy')) {
    for (const property of freeBusy.getAllProperties('freebusy')) {
      if (String(property.getParameter('fbtype') ?? 'BUSY').toUpperCase() === 'FREE') continue;
      for (const value of property.getValues() as Array<InstanceType<typeof ICAL.Period>>) {
        const start = epochOf(value.start);
        const end = epochOf(value.getEnd());
        if (start < to.getTime() && end > from.getTime()) intervals.push([Math.max(start, from.getTime()), Math.min(end, to.getTime())]);
      }
    }
  }
  return mergeIntervals(intervals);
}

/** Sorted, overlapping and touching intervals joined, as UTC ISO strings. */
export function mergeIntervals(intervals: ReadonlyArray<readonly [number, number]>): BusyInterval[] {
  const sorted = [...intervals].filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
}

/** The event an object holds, as changesSince reports it: its master (first occurrence), or its first instance. */
export function readEvent(text: string, eventId: string, etag: string): CalendarEvent {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  const component = vevents.find((event) => !event.hasProperty('recurrence-id')) ?? vevents[0];
  if (!component) throw new Error('the calendar object holds no event');
  const event = new ICAL.Event(component);
  const status = String(component.getFirstPropertyValue('status') ?? 'CONFIRMED').toLowerCase();
  return {
    eventId,
    etag,
    uid: event.uid,
    summary: event.summary ?? '',
    start: new Date(epochOf(event.startDate)).toISOString(),
    end: new Date(epochOf(event.endDate)).toISOString(),
    status: status === 'cancelled' || status === 'tentative' ? status : 'confirmed',
    transparent: String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT',
    recurring: event.isRecurring(),
    attendees: component
      .getAllProperties('attendee')
      .map((property) => String(property.getFirstValue()).replace(/^mailto:/i, ''))
      .filter((email) => email.includes('@')),
  };
}
