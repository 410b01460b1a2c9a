// An open-loop, fixed-rate HTTP load generator: request i is due at start + i / rate whatever
// the earlier ones are doing (a closed loop, where each connection waits for its answer before
// the next request, sends less as the server slows down and so hides its slowness: coordinated
// omission). Each request's latency is counted from the moment it was due to the end of its
// answer's body, so a late send (this process busy) counts against the figure, never for it;
// `sendLag` says how late sends were, to tell the generator's delays from the server's.
// node:http with a keep-alive agent; no socket limit, so a slow server gets more connections
// rather than a queue in here.
import { Agent, request } from 'node:http';
import { quantile } from './stack.ts';

/** What a load run measured. Latencies in ms. */
export interface LoadResult {
  requests: number;
  seconds: number;
  /** Answers per second actually completed. */
  throughput: number;
  errors: number;
  /** Status codes (or error codes) of the failed requests, with counts. */
  errorKinds: Record<string, number>;
  latency: { p50: number; p90: number; p99: number; max: number };
  /** How late requests were sent after they were due (the generator's own delay). */
  sendLag: { p50: number; p99: number; max: number };
  /** p99 and slowest latency of the requests due in each second of the load, in order (when the tail happened). */
  bySecond: Array<{ requests: number; p99: number; max: number }>;
  /** Latency per path (answered requests only). */
  byPath: Record<string, { requests: number; p50: number; p99: number; max: number }>;
  connections: number;
}

/** Sends `rate` requests a second for `seconds`, cycling through `paths`; each must answer 2xx within `timeoutMs`. */
export async function openLoopLoad(options: {
  baseUrl: string;
  paths: readonly string[];
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  timeoutMs?: number;
}): Promise<LoadResult> {
  const { hostname, port } = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true });
  let connections = 0;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  const lags: number[] = [];
  const byPath = new Map<string, number[]>();
  const bySecond: number[][] = [];
  const errorKinds: Record<string, number> = {};
  let errors = 0;
  const fail = (kind: string) => {
    errors += 1;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };

  let started = 0; // set when the first request is due
  const send = (path: string, due: number) =>
    new Promise<void>((resolveRequest) => {
      lags.push(performance.now() - due);
      const outgoing = request(
        { host: hostname, port, path, agent, headers: options.headers, timeout: options.timeoutMs ?? 5_000 },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => {
            const latency = performance.now() - due;
            if (response.statusCode! >= 200 && response.statusCode! < 300) {
              latencies.push(latency);
              const own = byPath.get(path) ?? [];
              own.push(latency);
              byPath.set(path, own);
              (bySecond[Math.floor((due - started) / 1000)] ??= []).push(latency);
            } else fail(String(response.statusCode));
            resolveRequest();
          });
          response.on('error', (error: NodeJS.ErrnoException) => {
            fail(error.code ?? 'response error');
            resolveRequest();
          });
        },
      );
      outgoing.on('socket', (socket) => {
        if (!(socket as { counted?: boolean }).counted) {
          (socket as { counted?: boolean }).counted = true;
          connections += 1;
        }
      });
      outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        fail(error.code ?? 'request error');
        resolveRequest();
      });
      outgoing.end();
    });

  started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / options.rate;
    const wait = due - performance.now();
    // Never early; a request sent late (setTimeout wakes at millisecond steps, or this process was busy) is measured from when it was due.
    if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    pending.push(send(options.paths[index % options.paths.length]!, due));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: total,
    seconds,
    throughput: latencies.length / seconds,
    errors,
    errorKinds,
    latency: {
      p50: quantile(latencies, 0.5),
      p90: quantile(latencies, 0.9),
      p99: quantile(latencies, 0.99),
      max: quantile(latencies, 1),
    },
    sendLag: { p50: quantile(lags, 0.5), p99: quantile(lags, 0.99), max: quantile(lags, 1) },
    bySecond: Array.from(bySecond, (values = []) => ({ requests: values.length, p99: quantile(values, 0.99), max: quantile(values, 1) })),
    byPath: Object.fromEntries(
      [...byPath].map(([path, values]) => [
        path,
        { requests: values.length, p50: quantile(values, 0.5), p99: quantile(values, 0.99), max: quantile(values, 1) },
      ]),
    ),
    connections,
  };
}
