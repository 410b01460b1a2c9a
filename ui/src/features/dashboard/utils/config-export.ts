import type { ConfigEntry } from '../api/types.ts';

/** The file name Export Config downloads, per workspace. */
export const configFileName = (workspace: string) => `meetflow-config-${workspace}.json`;

/** The config entries as the exported file holds them: the API's own shape, pretty-printed. */
export function configJson(entries: readonly ConfigEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** A config value in one readable line, e.g. "companySize 0.35 · industryMatch 0.28". */
export function summariseValue(value: Record<string, unknown>): string {
  return Object.entries(value)
    .map(([key, item]) => `${key} ${typeof item === 'boolean' ? (item ? 'on' : 'off') : String(item)}`)
    .join(' · ');
}

/** Starts a download of `text` as a file, in the browser. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
