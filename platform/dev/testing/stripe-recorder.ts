// A recorder: a loopback HTTP proxy in front of stripe-mock that keeps every request (method, path,
// headers, form body) and its answer, and answers the next requests with a fault on demand (a 429
// with Retry-After, a card decline, a 500) in Stripe's error shape. stripe-mock itself is stateless
// (every create answers a fixture object, nothing is found again) and never declines or rate-limits,
// so what depends on state or on a failure is checked on the recorded requests. Used by the Stripe
// plugin's tests and the platform's billing tests.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the recorder passed on (or answered with a fault), and what was answered. */
export interface RecordedStripeRequest {
  method: string;
  /** The path without the query, e.g. /v1/invoices/in_123/add_lines. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body, decoded (Stripe's bracket keys as they are: `lines[0][quantity]`). */
  form: URLSearchParams;
  status: number;
  /** The JSON answered. */
  response: unknown;
}

/** A fault the recorder answers instead of passing a request on. */
export interface StripeFault {
  status: number;
  headers?: Record<string, string>;
  /** Stripe's error object (`{ type, code, message, … }`), answered as `{ error }`. */
  error: Record<string, unknown>;
}

export interface StripeRecorder {
  /** The API base to give the plugin (http://127.0.0.1:<port>). */
  url: string;
  requests: RecordedStripeRequest[];
  /** Answers the next `times` requests (optionally only those whose path matches) with `fault`. */
  failNext(fault: StripeFault, times?: number, path?: RegExp): void;
  /**
   * Passes the next request whose path matches on to stripe-mock and answers its object with
   * `patch`'s fields over it: the state stripe-mock does not keep (an invoice that was paid, and
   * the payment that paid it), in the shape stripe-mock answers.
   */
  patchNext(path: RegExp, patch: Record<string, unknown>, times?: number): void;
  close(): Promise<void>;
}

/** A 429 as Stripe answers it, asking to wait `seconds`. */
export const rateLimited = (seconds: number): StripeFault => ({
  status: 429,
  headers: { 'retry-after': String(seconds) },
  error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' },
});

/** A card decline as Stripe answers it (402, card_error). */
export const cardDeclined = (declineCode = 'insufficient_funds', message = 'Your card has insufficient funds.'): StripeFault => ({
  status: 402,
  error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message },
});

/** Starts a recording proxy in front of `target` (stripe-mock's URL). */
export async function startStripeRecorder(target: string): Promise<StripeRecorder> {
  const requests: RecordedStripeRequest[] = [];
  const faults: Array<{ fault: StripeFault; times: number; path?: RegExp }> = [];
  const patches: Array<{ path: RegExp; patch: Record<string, unknown>; times: number }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://recorder');
      const record = (status: number, json: unknown) =>
        requests.push({
          method: request.method ?? 'GET',
          path: url.pathname,
          headers: request.headers,
          form: new URLSearchParams(body),
          status,
          response: json,
        });
      const due = faults.find((entry) => entry.times > 0 && (!entry.path || entry.path.test(url.pathname)));
      if (due) {
        due.times -= 1;
        const json = { error: due.fault.error };
        record(due.fault.status, json);
        response.writeHead(due.fault.status, { 'content-type': 'application/json', ...due.fault.headers });
        response.end(JSON.stringify(json));
        return;
      }
      const forward = { ...request.headers } as Record<string, string>;
      delete forward.host;
      delete forward['content-length'];
      delete forward.connection;
      fetch(new URL(request.url ?? '/', target), {
        method: request.method ?? 'GET',
        headers: forward,
        ...(request.method === 'GET' || request.method === 'DELETE' ? {} : { body }),
      })
        .then(async (answer) => {
          const text = await answer.text();
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          const patch = answer.ok ? patches.find((entry) => entry.times > 0 && entry.path.test(url.pathname)) : undefined;
          if (patch && json && typeof json === 'object') {
            patch.times -= 1;
            json = { ...json, ...patch.patch };
          }
          record(answer.status, json);
          response.writeHead(answer.status, {
            'content-type': 'application/json',
            'request-id': answer.headers.get('request-id') ?? 'req_recorded',
          });
          response.end(patch ? JSON.stringify(json) : text);
        })
        .catch((error: unknown) => {
          record(502, { error: String(error) });
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: 'the recorder could not reach stripe-mock' } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(fault, times = 1, path) {
      faults.push({ fault, times, ...(path ? { path } : {}) });
    },
    patchNext(path, patch, times = 1) {
      patches.push({ path, patch, times });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A signed webhook as Stripe sends it: the exact body and its headers. */
