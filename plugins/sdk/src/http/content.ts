import type { HttpRequest } from '../deps.ts';
import { GuardedHttpError } from './errors.ts';

type Accept = NonNullable<HttpRequest['accept']>;

const ACCEPTS: Record<Accept, (mediaType: string) => boolean> = {
  html: (type) => type === 'text/html' || type === 'application/xhtml+xml',
  json: (type) => type === 'application/json' || type.endsWith('+json'),
  text: (type) => type.startsWith('text/'),
  any: () => true,
};

/** The media type of a Content-Type header, lower-cased, without parameters ("text/html"). */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Guesses a media type from the first bytes, for responses that do not declare one. */
export function sniffMediaType(body: Uint8Array): string {
  const start = new TextDecoder().decode(body.subarray(0, 512)).trimStart().toLowerCase();
  if (/^<(!doctype html|html|head|body)\b/.test(start)) return 'text/html';
  if (start.startsWith('{') || start.startsWith('[')) return 'application/json';
  // Control characters other than tab and line breaks mean binary content.
  return /[\u0000-\u0008\u000e-\u001f]/.test(start) ? 'application/octet-stream' : 'text/plain';
}

/** Fails with UNSUPPORTED_CONTENT unless the media type is one the caller accepts. */
export function checkAccepted(accept: Accept, mediaType: string, url: string): void {
  if (ACCEPTS[accept](mediaType)) return;
  throw new GuardedHttpError('UNSUPPORTED_CONTENT', `${url} returned ${mediaType || 'no content type'}, not ${accept}`);
}

/** Decodes a body with the charset its Content-Type names (UTF-8 when none or unknown). */
export function decodeBody(body: Uint8Array, contentType: string): string {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // An unknown label: UTF-8 is the web's default and the best remaining guess.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
