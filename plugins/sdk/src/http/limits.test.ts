import type { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../deps.ts';
import { createGuardedHttpClient } from './client.ts';
import { closedPort, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let client: HttpClient;
// Told of each request /hang receives (and never answers).
let onHang: (request: IncomingMessage) => void = () => {};

beforeAll(async () => {
  server = await startTestServer({
    '/html': (_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>héllo</p>'),
    '/json': (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    '/png': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
    '/untyped-html': (_request, response) => response.end('<!DOCTYPE html><title>x</title>'),
    '/latin1': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' }).end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    '/missing': (_request, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'),
    '/broken': (_request, response) => response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'),
    '/big': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000)),
    '/big-chunked': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let chunk = 0; chunk < 10; chunk += 1) response.write('y'.repeat(500));
      response.end();
    },
    '/bomb': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1_000_000))),
    '/gzip': (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }).end(gzipSync('compressed hello')),
    '/hang': (request) => onHang(request),
    '/slow-body': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part, then silence');
    },
    '/echo': (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ method: request.method, type: request.headers['content-type'], body })),
      );
    },
    ...Object.fromEntries(
      Array.from({ length: 8 }, (_unused, hop) => [
        `/hop/${hop}`,
        (_request: unknown, response: import('node:http').ServerResponse) => response.writeHead(302, { location: `/hop/${hop + 1}` }).end(),
      ]),
    ),
    '/hop/8': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('arrived'),
    '/post-redirect': (_request, response) => response.writeHead(303, { location: '/echo' }).end(),
  });
  client = createGuardedHttpClient({ allowHosts: [server.host] });
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => error as { code?: string; systemCode?: string },
  );

describe('guarded HTTP client: limits and content', () => {
  it('fails with TIMEOUT when the server has not answered within timeoutMs, and closes the connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the client's timer runs on a clock the test moves
    const arrived = new Promise<IncomingMessage>((resolve) => (onHang = resolve));
    let settled = false;
    const outcome = failure(client.request(`${server.origin}/hang`, { timeoutMs: 200 })).finally(() => (settled = true));
    const closed = new Promise((resolve) => arrived.then((request) => request.socket.once('close', resolve)));
    await arrived;
    vi.advanceTimersByTime(199);
    await new Promise(setImmediate); // a turn of the event loop, in which an abort settles the request
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await new Promise(setImmediate);
    expect(settled).toBe(true);
    expect(await outcome).toMatchObject({ code: 'TIMEOUT', message: `${server.origin}/hang did not answer within 200 ms` });
    await closed; // the server saw the client give up
  });

  it('counts the body in the timeout', async () => {
    expect(await failure(client.request(`${server.origin}/slow-body`, { timeoutMs: 300 }))).toMatchObject({ code: 'TIMEOUT' });
  });

  it('fails with TOO_LARGE past maxBytes, declared or streamed, and after decompression', async () => {
    for (const path of ['/big', '/big-chunked', '/bomb']) {
      expect(await failure(client.request(`${server.origin}${path}`, { maxBytes: 1000 }))).toMatchObject({ code: 'TOO_LARGE' });
    }
    expect((await client.request(`${server.origin}/big`, { maxBytes: 5000 })).body).toHaveLength(5000);
  });

  it('decompresses gzip bodies', async () => {
    expect((await client.request(`${server.origin}/gzip`)).body).toBe('compressed hello');
  });

  it('follows redirects up to maxRedirects and lists them', async () => {
    const near = await client.request(`${server.origin}/hop/6`);
    expect(near).toMatchObject({
      status: 200,
      body: 'arrived',
      url: `${server.origin}/hop/8`,
      redirects: [`${server.origin}/hop/6`, `${server.origin}/hop/7`],
    });
    expect(await failure(client.request(`${server.origin}/hop/0`))).toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
    const strict = createGuardedHttpClient({ allowHosts: [server.host], maxRedirects: 1 });
    expect(await failure(strict.request(`${server.origin}/hop/6`))).toMatchObject({ code: 'TOO_MANY_REDIRECTS' });
  });

  it('holds a success to the accepted content type', async () => {
    expect((await client.request(`${server.origin}/html`, { accept: 'html' })).body).toBe('<p>héllo</p>');
    expect(await failure(client.request(`${server.origin}/json`, { accept: 'html' }))).toMatchObject({ code: 'UNSUPPORTED_CONTENT' });
    expect(await failure(client.request(`${server.origin}/png`, { accept: 'text' }))).toMatchObject({ code: 'UNSUPPORTED_CONTENT' });
    expect(await failure(client.request(`${server.origin}/html`, { accept: 'json' }))).toMatchObject({ code: 'UNSUPPORTED_CONTENT' });
    expect(JSON.parse((await client.request(`${server.origin}/json`, { accept: 'json' })).body)).toEqual({ ok: true });
    expect((await client.request(`${server.origin}/png`)).status).toBe(200);
    expect((await client.request(`${server.origin}/untyped-html`, { accept: 'html' })).contentType).toBe('');
  });

  it('decodes the charset the content type names', async () => {
    expect((await client.request(`${server.origin}/latin1`, { accept: 'text' })).body).toBe('café');
  });

  it('returns a non-2xx status as a normal response', async () => {
    expect(await client.request(`${server.origin}/missing`, { accept: 'html' })).toMatchObject({ status: 404, body: '<h1>Not found</h1>' });
    expect(await client.request(`${server.origin}/broken`, { accept: 'html' })).toMatchObject({
      status: 500,
      contentType: 'application/json',
    });
  });

  it('fails with NETWORK when nothing listens, keeping the socket error', async () => {
    const port = await closedPort();
    const refusing = createGuardedHttpClient({ allowHosts: [`127.0.0.1:${port}`] });
    expect(await failure(refusing.request(`http://127.0.0.1:${port}/`))).toMatchObject({ code: 'NETWORK', systemCode: 'ECONNREFUSED' });
  });

  it('sends JSON bodies and turns a POST into a GET after a 303', async () => {
    const posted = await client.request(`${server.origin}/echo`, { method: 'POST', body: { a: 1 } });
    expect(JSON.parse(posted.body)).toEqual({ method: 'POST', type: 'application/json', body: '{"a":1}' });
    const redirected = await client.request(`${server.origin}/post-redirect`, { method: 'POST', body: 'x' });
    expect(JSON.parse(redirected.body)).toMatchObject({ method: 'GET', body: '' });
  });
});
