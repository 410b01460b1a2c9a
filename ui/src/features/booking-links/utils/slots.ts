/** One day's free times, in the zone the prospect reads them in. */
export interface SlotDay {
  /** yyyy-mm-dd in that zone: a stable key. */
  key: string;
  /** "Tuesday 1 December". */
  label: string;
  slots: Array<{ start: string; time: string }>;
}

/** The zone this browser is in, or UTC when it will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone this browser knows (for the zone picker), with `always` among them. */
export function timeZones(...always: Array<string | null | undefined>): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...always.filter((zone): zone is string => Boolean(zone))])].sort();
}

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((each) => each.type === type)?.value ?? '';

/** The free times grouped by the day they fall on in `timeZone`, earliest first; each time as "14:30". */
export function slotsByDay(slots: ReadonlyArray<{ start: string }>, timeZone: string): SlotDay[] {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const label = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const at = new Date(slot.start);
    const parts = day.formatToParts(at);
    const key = `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`;
    const entry = days.get(key) ?? { key, label: label.format(at), slots: [] };
    entry.slots.push({ start: slot.start, time: time.format(at) });
    days.set(key, entry);
  }
  return [...days.values()];
}

/** "Tuesday, 1 December 2026 at 14:30 (Europe/Berlin)": one time as the prospect reads it. */
export function whenText(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${text} (${timeZone.replaceAll('_', ' ')})`;
}
