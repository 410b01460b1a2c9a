// The UI's initial JavaScript: after `vite build` (ensureUiBuilt: rebuilt when the UI's sources
// changed), the scripts ui/dist/index.html loads before anything else — its module entry and the
// chunks it modulepreloads — each gzipped with zlib at its default level (6, what `vite build` reports and a
// typical server sends) and summed. Chunks loaded later (a lazily imported screen) are not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { uiDistDir } from '../../src/core/paths.ts';
import { ensureUiBuilt } from '../stack/ui-build.ts';

/** What the UI size measured, in bytes. */
export interface UiSizeResult {
  files: Array<{ file: string; bytes: number; gzipped: number }>;
  bytes: number;
  gzipped: number;
}

/** The initial scripts index.html names: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(indexHtml: string): string[] {
  const tags = indexHtml.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const files = tags.flatMap((tag) => {
    const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    return (isModule || isPreload) && url ? [url.replace(/^\//, '')] : [];
  });
  return [...new Set(files)];
}

export function measureUiSize(log: (message: string) => void): UiSizeResult {
  ensureUiBuilt(log);
  const files = initialScripts(readFileSync(join(uiDistDir, 'index.html'), 'utf8')).map((file) => {
    const content = readFileSync(join(uiDistDir, file));
    return { file, bytes: content.length, gzipped: gzipSync(content).length };
  });
  if (files.length === 0) throw new Error(`${join(uiDistDir, 'index.html')} loads no script`);
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipped: files.reduce((sum, file) => sum + file.gzipped, 0),
  };
}
