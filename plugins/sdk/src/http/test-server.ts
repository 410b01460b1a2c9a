// A loopback HTTP server for the client's tests: routes by path, counts connections and
// requests so a test can prove that a refused address was never contacted.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request; the server answers 404 for paths without a handler. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** A running fixture server on 127.0.0.1. */
export interface TestServer {
  /** "127.0.0.1:PORT", as allowHosts takes it. */
  host: string;
  port: number;
  /** "http://127.0.0.1:PORT". */
  origin: string;
  connections: number;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts a server on a free loopback port with the given routes (exact path, query ignored). */
export async function startTestServer(routes: Record<string, RouteHandler> = {}): Promise<TestServer> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    state.requests.push(path);
    const handler = routes[path];
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  const state: TestServer = {
    host: `127.0.0.1:${port}`,
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: 0,
    requests: [],
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
  return state;
}

/** A port nothing listens on (a server is opened on it and closed again). */
export async function closedPort(): Promise<number> {
  const server = await startTestServer();
  await server.close();
  return server.port;
}
