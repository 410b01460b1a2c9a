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
  return `${Math.round(fraction * 100)}%`;
}

/** A timestamp in the reader's locale, e.g. "12 Mar 2025, 14:03:07"; "—" when missing. */
export function formatDateTime(value?: string): string {
  if (!value) return '—';
  return new Date(value).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** A day in the reader's locale, e.g. "12 Mar 2025", with its time to the minute when asked ("12 Mar 2025, 14:03"); "—" when missing. */
export function formatDate(value: string | null | undefined, { time = false }: { time?: boolean } = {}): string {
  if (!value) return '—';
  return new Date(value).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(time ? { hour: '2-digit', minute: '2-digit' } : {}),
  });
}
