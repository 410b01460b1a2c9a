// The one formatter of the UI: every number and date a screen shows goes through here, in one
// locale, so two figures or two dates side by side never read in two styles ("1000" beside
// "1,234", "3/12/2025" beside "Mar 12, 2025").

/** The locale of every number and date on screen (the UI's text is English). */
export const UI_LOCALE = 'en-US';

/** A moment as the API sends it (an ISO string), or as the UI holds it. */
type Moment = string | number | Date;

/** The moment as a Date, or undefined when missing or not a date. */
function toDate(value: Moment | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "1,000", "12.5", "0.35": grouped thousands, at most `maximumFractionDigits` decimals (2 unless told); "—" for a number that is not one. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString(UI_LOCALE, { maximumFractionDigits });
}

/** "1 prospect", "1,000 prospects": a count with its noun, plural unless one. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count, 0)} ${count === 1 ? singular : plural}`;
}

/** "$1,234.50". */
export function formatCurrency(value: number, currency = 'USD'): string {
  if (!Number.isFinite(value)) return '—';
  return value.toLocaleString(UI_LOCALE, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** "850 ms", "4.2 s", "3 min 05 s", "1 h 02 min": short enough for a table cell or a graph node. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${String(Math.floor((ms % 60_000) / 1_000)).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The time between two API timestamps, or undefined while either is missing. */
export function durationBetween(start?: string, end?: string): string | undefined {
  if (!start || !end) return undefined;
  return formatDuration(new Date(end).getTime() - new Date(start).getTime());
}

/** A 0–1 fraction (a confidence) as the whole percentage screens show, e.g. 0.876 → "88%". */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  return `${Math.round(fraction * 100)}%`;
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** A day, e.g. "Mar 12, 2025", with its time to the minute when asked ("Mar 12, 2025, 2:03 PM"); "—" when missing. */
export function formatDate(
  value: Moment | null | undefined,
  { time = false, timeZone }: { time?: boolean; timeZone?: string } = {},
): string {
  const date = toDate(value);
  if (!date) return '—';
  return date.toLocaleString(UI_LOCALE, { ...DAY, ...(time ? TIME : {}), ...(timeZone ? { timeZone } : {}) });
}

/** A moment, e.g. "Mar 12, 2025, 2:03 PM": the date and time every screen shows; "—" when missing. */
export function formatDateTime(value: Moment | null | undefined): string {
  return formatDate(value, { time: true });
}

/** The time of day alone, e.g. "2:03 PM"; "—" when missing. */
export function formatTime(value: Moment | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '—';
  return date.toLocaleTimeString(UI_LOCALE, { ...TIME, ...(timeZone ? { timeZone } : {}) });
}

/** A moment in the days ahead, short: "Tue 8:00 AM" within the coming week, else "Apr 18, 8:00 AM"; "—" when missing. */
export function formatSoon(value: Moment | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '—';
  const soon = date.getTime() - now.getTime() < 6 * 86_400_000;
  const day = date.toLocaleDateString(UI_LOCALE, soon ? { weekday: 'short' } : { month: 'short', day: 'numeric' });
  return `${day}${soon ? '' : ','} ${formatTime(date)}`;
}

/** A moment in words, for a meeting: "Wednesday, November 25, 2026 at 10:30 AM", in the reader's time zone or `timeZone`. */
export function formatLongDateTime(value: Moment | null | undefined, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '—';
  const zone = timeZone ? { timeZone } : {};
  const day = date.toLocaleDateString(UI_LOCALE, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', ...zone });
  return `${day} at ${formatTime(date, timeZone)}`;
}

/** A calendar day given as `YYYY-MM-DD` (a filter's), e.g. "Jan 3, 2026", whatever the reader's time zone; the text itself when not one. */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatDate(`${day}T12:00:00Z`, { timeZone: 'UTC' });
}

/** A month given as `YYYY-MM` (a ledger's), e.g. "March 2025"; the text itself when not one. */
export function formatMonth(month: string): string {
  const date = /^\d{4}-\d{2}$/.test(month) ? toDate(`${month}-01T00:00:00Z`) : undefined;
  return date ? date.toLocaleDateString(UI_LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }) : month;
}
