import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Logger } from '../logger.ts';
import { openDatabase, type DatabaseHandle } from './connection.ts';

/**
 * A TCP proxy in front of the test database that can leave the connections open so far silent
 * for good (nothing forwarded, none closed): what a connection the server dropped without the
 * client noticing looks like to the driver. Connections made after that are forwarded as before.
 */
async function silencingProxy(target: URL) {
  const open = new Set<{ client: Socket; server: Socket }>();
  const every = new Set<Socket>(); // silenced ones too: closed with the proxy
  const proxy = createServer((client) => {
    const server = connect(Number(target.port), target.hostname);
    const pair = { client, server };
    every.add(client).add(server);
    open.add(pair);
    client.pipe(server);
    server.pipe(client);
    const end = () => (client.destroy(), server.destroy(), open.delete(pair));
    client.on('error', end).on('close', end);
    server.on('error', end).on('close', end);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  return {
    port: (proxy.address() as AddressInfo).port,
    silenceOpenConnections() {
      for (const { client, server } of open) {
        client.unpipe(server);
        server.unpipe(client);
        client.removeAllListeners('data');
        server.removeAllListeners('data');
        client.pause();
        server.pause();
      }
      open.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of every) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

/** A logger that keeps what the connection says, and resolves `said(text)` once it has said it. */
function listeningLogger() {
  const lines: string[] = [];
  const waiting: Array<{ text: string; resolve: () => void }> = [];
  const record = (_fields: unknown, message: string) => {
    lines.push(message);
    for (const wait of waiting.filter((candidate) => message.includes(candidate.text))) wait.resolve();
  };
  const logger = { info: record, warn: record, error: record, debug: () => {} } as unknown as Logger;
  const said = (text: string) =>
    lines.some((line) => line.includes(text)) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve }));
  return { logger, lines, said };
}

let proxy: Awaited<ReturnType<typeof silencingProxy>>;
let handle: DatabaseHandle | undefined;
beforeAll(async () => {
  proxy = await silencingProxy(new URL(inject('mongoServer')));
});
afterAll(async () => {
  await handle?.close();
  await proxy?.close();
});

it("opens the connection again when the driver's server check hangs, and the database answers again", async () => {
  const { logger, lines, said } = listeningLogger();
  // A check that would wait a minute on a silent connection (the driver's hang, made long), noticed after 1.5 s.
  handle = openDatabase(`mongodb://127.0.0.1:${proxy.port}/connection-watch-${Date.now()}`, logger, {
    connectTimeoutMs: 60_000,
    stuckCheckMs: 1_500,
    watchEveryMs: 200,
    heartbeatFrequencyMs: 500,
  });
  await handle.ready;
  const Item = handle.connection.model('Item', new mongoose.Schema({ n: Number }));
  await Item.create({ n: 1 });

  // Every connection so far (the monitor's and the pool's) goes silent: the next check hangs on it.
  proxy.silenceOpenConnections();
  await said('server check hung');
  await said('opened again');
  // The new client's connections answer: the data is there, and a write goes through.
  expect(await Item.findOne({ n: 1 }).lean()).toMatchObject({ n: 1 });
  await Item.create({ n: 2 });
  expect(await Item.countDocuments()).toBe(2);
  expect(lines.filter((line) => line.includes('server check hung'))).toHaveLength(1);
}, 30_000);
