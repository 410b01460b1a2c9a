import type { SecretsBox } from '../../../core/secrets-box.ts';
import { escapeHtml } from './html-escape.ts';
import { readSignedToken, signedToken } from './signed-token.ts';

/** Which email an open-tracking pixel is in: one step of one prospect's sequence, in a workspace. */
export interface OpenSubject {
  workspaceId: string;
  prospectId: number;
  /** The sequence's workflow id (the outbox row's `sequenceId`). */
  sequenceId: string;
  step: number;
}

const PURPOSE = 'open-pixel';

/**
 * The pixels sent before links became opaque (mail-links.ts): the subject as readable JSON,
 * signed. Nothing makes them any more; emails already sent still load them. Tests make them.
 */
export function openPixelToken(box: SecretsBox, subject: OpenSubject): string {
  return signedToken(box, PURPOSE, [subject.workspaceId, subject.prospectId, subject.sequenceId, subject.step]);
}

/** An old pixel's subject when its signature holds; null for anything else (forged, cut, garbage, an unsubscribe token). */
export function readOpenPixelToken(box: SecretsBox, token: string): OpenSubject | null {
  const [workspaceId, prospectId, sequenceId, step] = readSignedToken(box, PURPOSE, token) ?? [];
  if (typeof workspaceId !== 'string' || !Number.isInteger(prospectId) || typeof sequenceId !== 'string' || !Number.isInteger(step))
    return null;
  return { workspaceId, prospectId: prospectId as number, sequenceId, step: step as number };
}

// http(s) only, so a `javascript:` or `data:` text never becomes a link; closing punctuation after it is the sentence's.
const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** One line of text as HTML: everything escaped, http(s) URLs as links showing themselves. */
function lineHtml(line: string): string {
  let html = '';
  let from = 0;
  for (const match of line.matchAll(LINK)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    html += `${escapeHtml(line.slice(from, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(line.slice(from));
}

/**
 * The HTML part of a tracked email: its plain text (body, signature and unsubscribe footer, as
 * sent in the text part) as paragraphs at blank lines and line breaks within them, every
 * character escaped and http(s) URLs as links, with a 1×1 image of `pixelUrl` at the end.
 */
export function trackedHtml(text: string, pixelUrl: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.split('\n').map(lineHtml).join('<br>\n')}</p>`);
  const pixel = `<img src="${escapeHtml(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`;
  return `<!doctype html>\n<html><head><meta charset="utf-8"></head><body>\n${paragraphs.join('\n')}\n${pixel}\n</body></html>\n`;
}
