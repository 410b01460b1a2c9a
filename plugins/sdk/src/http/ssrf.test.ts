import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGuardedHttpClient } from './client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let fixture: TestServer;
let other: TestServer;

beforeAll(async () => {
  other = await startTestServer({ '/': (_request, response) => response.end('internal secret') });
  fixture = await startTestServer({
    '/': (request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end(`ua=${request.headers['user-agent']}`),
    '/to-other': (_request, response) => response.writeHead(302, { location: `${other.origin}/` }).end(),
    '/to-localhost': (_request, response) => response.writeHead(301, { location: `http://localhost:${fixture.port}/` }).end(),
    '/to-metadata': (_request, response) => response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  });
});
afterAll(async () => {
  await fixture.close();
  await other.close();
});
afterEach(() => vi.restoreAllMocks());

/**
 * Runs a request and returns its error code, asserting that no socket was even opened. The code
 * tells a refusal from a request that waited out its timeout (TIMEOUT) or tried to connect (NETWORK).
 */
async function refusedWithoutConnecting(url: string, allowHosts: string[] = []): Promise<string | undefined> {
  const connect = vi.spyOn(net.Socket.prototype, 'connect');
  const error = await createGuardedHttpClient({ allowHosts })
    .request(url)
    .then(
      () => undefined,
      (failure: unknown) => failure,
    );
  expect(connect).not.toHaveBeenCalled();
  return (error as { code?: string } | undefined)?.code;
}

describe('guarded HTTP client: internal addresses', () => {
  it.each([
    ['loopback IPv4', () => `http://127.0.0.1:${fixture.port}/`],
    ['private 10/8', () => 'http://10.0.0.1/'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['loopback IPv6', () => `http://[::1]:${fixture.port}/`],
    ['localhost, loopback after DNS', () => `http://localhost:${fixture.port}/`],
    ['private 172.16/12', () => 'http://172.16.5.4/'],
    ['private 192.168/16', () => 'https://192.168.1.1/admin'],
    ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
    ['unspecified', () => 'http://0.0.0.0/'],
    ['multicast', () => 'http://224.0.0.1/'],
    ['decimal-encoded loopback', () => 'http://2130706433/'],
    ['hex-encoded loopback', () => 'http://0x7f.0.0.1/'],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped metadata', () => 'http://[::ffff:a9fe:a9fe]/'],
    ['unique local IPv6', () => 'http://[fd12:3456::1]/'],
    ['link-local IPv6', () => 'http://[fe80::1]/'],
    ['NAT64-embedded private IPv4', () => 'http://[64:ff9b::a00:1]/'],
  ])('refuses %s before any connection', async (_name, url) => {
    expect(await refusedWithoutConnecting(url())).toBe('BLOCKED_ADDRESS');
    expect(fixture.connections).toBe(0);
  });

  it('refuses a redirect from an allowed host to another loopback port', async () => {
    const client = createGuardedHttpClient({ allowHosts: [fixture.host] });
    await expect(client.request(`${fixture.origin}/to-other`)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
    expect(other.connections).toBe(0);
  });

  it('checks every redirect hop, after DNS too (localhost) and for metadata', async () => {
    const client = createGuardedHttpClient({ allowHosts: [fixture.host] });
    await expect(client.request(`${fixture.origin}/to-localhost`)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
    await expect(client.request(`${fixture.origin}/to-metadata`)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
  });

  it('reaches a host listed in allowHosts and sends its user agent', async () => {
    // Also the control for the spy above: a permitted request is seen connecting.
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const client = createGuardedHttpClient({ allowHosts: [fixture.host], userAgent: 'TestBot/1.0' });
    const response = await client.request(`${fixture.origin}/`);
    expect(connect).toHaveBeenCalled();
    expect(response).toMatchObject({ status: 200, body: 'ua=TestBot/1.0', url: `${fixture.origin}/`, redirects: [] });
  });

  it('does not let an allowHosts entry for one port open another', async () => {
    const client = createGuardedHttpClient({ allowHosts: [`127.0.0.1:${other.port + 1}`] });
    await expect(client.request(`${fixture.origin}/`)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
  });

  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'gopher://127.0.0.1:70/', 'not a url', 'javascript:alert(1)'])(
    'refuses %s as INVALID_URL',
    async (url) => {
      expect(await refusedWithoutConnecting(url)).toBe('INVALID_URL');
    },
  );

  it('refuses a redirect to a non-http scheme', async () => {
    const server = await startTestServer({
      '/': (_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    });
    const client = createGuardedHttpClient({ allowHosts: [server.host] });
    await expect(client.request(`${server.origin}/`)).rejects.toMatchObject({ code: 'INVALID_URL' });
    await server.close();
  });
});
