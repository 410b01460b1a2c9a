import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { GuardedHttpError } from './errors.ts';
import { pinnedLookup, type PinnedAddress } from './resolve.ts';

/** One hop of a request, as sent on the wire. */
export interface Hop {
  method: string;
  headers: OutgoingHttpHeaders;
  body?: string;
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Content encodings this transport can decode, for the Accept-Encoding header. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Sends one request to the pinned address (never to whatever DNS says now) and resolves when
 * the response headers arrive. A fresh agent per request keeps sockets from outliving it.
 */
export function sendHop(url: URL, pinned: PinnedAddress, hop: Hop, signal: AbortSignal): Promise<IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolveResponse, reject) => {
    const request = transport.request(
      url,
      {
        method: hop.method,
        headers: hop.headers,
        signal,
        agent: false,
        lookup: pinnedLookup(pinned),
      },
      resolveResponse,
    );
    request.on('error', reject);
    request.end(hop.body);
  });
}

/**
 * Reads a response body, decompressed, failing with TOO_LARGE as soon as it passes `maxBytes`
 * (counted after decompression, so a small compressed bomb is caught too).
 */
export async function readBody(response: IncomingMessage, maxBytes: number, url: string): Promise<Buffer> {
  const tooLarge = () => new GuardedHttpError('TOO_LARGE', `${url} is larger than ${maxBytes} bytes`);
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const declared = Number(response.headers['content-length']);
  if (encoding === 'identity' && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  let stream: Readable = response;
  if (encoding !== 'identity') {
    const makeDecoder = DECODERS[encoding];
    if (!makeDecoder) {
      response.destroy();
      throw new GuardedHttpError('UNSUPPORTED_CONTENT', `${url} uses content encoding "${encoding}"`);
    }
    // pipeline destroys both streams when either fails, so an aborted socket ends the read.
    stream = pipeline(response, makeDecoder(), () => {}) as unknown as Readable;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
