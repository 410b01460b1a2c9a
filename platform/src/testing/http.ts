import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

/** Serves a Koa app on a free loopback port for a test; `close` when done. */
export async function serveForTest(app: Koa): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolveClose) => {
      server.closeAllConnections();
      server.close(() => resolveClose());
    }),
  };
}
