import { inlineText } from '../../../utils/readable.ts';
import type { ConfigEntry } from '../api/types.ts';

/** The file name Export Config downloads, per workspace. */
export const configFileName = (workspace: string) => `meetflow-config-${workspace}.json`;

/** The config entries as the exported file holds them: the API's own shape, pretty-printed. */
export function configJson(entries: readonly ConfigEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/**
 * A config value in one readable line, nested values too, e.g. "Company size: 0.35 · Industry
 * match: 0.28", "Window: days 1, 2, 3, 4, 5, start 08:00, end 17:00 · Track opens: off".
 */
export function summariseValue(value: Record<string, unknown>): string {
  return inlineText(value);
}

/** Starts a download of `text` as a file, in the browser. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}
