// A loopback stand-in for a provider's JSON API, for source plugins' tests: it reads each
// request's JSON body, records the request, and lets the test's handler answer in JSON.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface FakeProviderRequest<Body = Record<string, unknown>> {
  at: number;
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Body;
}

/** How a handler answers: a status, a JSON payload and extra headers. */
export type FakeProviderReply = (status: number, payload: unknown, headers?: Record<string, string>) => void;

/** A running fake provider on 127.0.0.1. */
export interface FakeProviderServer<Body> {
  /** "127.0.0.1:PORT", as allowHosts takes it. */
  host: string;
  /** "http://127.0.0.1:PORT". */
  origin: string;
  requests: Array<FakeProviderRequest<Body>>;
  close(): Promise<void>;
}

/**
 * Starts a fake provider on a free loopback port: each request (body parsed as JSON, `{}` when
 * empty) is recorded, then answered by `handle` through `reply` (JSON, `contentType` by default).
 */
export async function startFakeProvider<Body = Record<string, unknown>>(
  handle: (request: FakeProviderRequest<Body>, reply: FakeProviderReply) => void,
  contentType = 'application/json; charset=utf-8',
): Promise<FakeProviderServer<Body>> {
  const requests: Array<FakeProviderRequest<Body>> = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const received: FakeProviderRequest<Body> = {
        at: Date.now(),
        method: request.method ?? 'GET',
        path: new URL(request.url ?? '/', 'http://fake').pathname,
        headers: request.headers,
        body: (raw ? JSON.parse(raw) : {}) as Body,
      };
      requests.push(received);
      handle(received, (status, payload, headers = {}) => {
        response.writeHead(status, { 'content-type': contentType, ...headers }).end(JSON.stringify(payload));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
