import { lookup } from 'node:dns/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowHostSet, blockedRange, isAllowedHostPort } from './address-policy.ts';
import { createGuardedHttpClient } from './client.ts';
import { resolveChecked } from './resolve.ts';
import { startTestServer, type TestServer } from './test-server.ts';

// DNS is simulated: these tests must never depend on, or reach, a real resolver or host.
vi.mock('node:dns/promises', () => ({ lookup: vi.fn() }));
const fakeLookup = vi.mocked(lookup) as unknown as ReturnType<typeof vi.fn>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ '/': (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('pinned') });
});
afterAll(() => server.close());
beforeEach(() => fakeLookup.mockClear());

describe('address classification', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('treats %s as public', (address) => {
    expect(blockedRange(address)).toBeNull();
  });
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.100.1.1', 'carrierGradeNat'],
    ['::1', 'loopback'],
    ['fc00::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['::ffff:192.168.0.1', 'ipv4Mapped private'],
    ['::', 'unspecified'],
    ['ff02::1', 'multicast'],
    ['nonsense', 'unparseable'],
  ])('refuses %s as %s', (address, range) => {
    expect(blockedRange(address)).toBe(range);
  });
});

describe('allow-list', () => {
  it('matches a host alone (any port) or host:port, names in any case, IPv6 with or without brackets', () => {
    const allowed = allowHostSet(['127.0.0.1:3025', 'Mail.Local', '[::1]:143']);
    expect(isAllowedHostPort('127.0.0.1', 3025, allowed)).toBe(true);
    expect(isAllowedHostPort('127.0.0.1', 3143, allowed)).toBe(false);
    expect(isAllowedHostPort('mail.local', 25, allowed)).toBe(true);
    expect(isAllowedHostPort('::1', 143, allowed)).toBe(true);
    expect(isAllowedHostPort('[::1]', '143', allowed)).toBe(true);
    expect(isAllowedHostPort('::1', 25, allowed)).toBe(false);
    expect(isAllowedHostPort('127.0.0.1', 3025, allowHostSet([]))).toBe(false);
  });
});

describe('DNS checks', () => {
  it('refuses a name when any of its addresses is internal', async () => {
    fakeLookup.mockResolvedValue([
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]);
    await expect(resolveChecked(new URL('http://mixed.example/'), false)).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' });
  });

  it('pins the first address of a fully public answer', async () => {
    fakeLookup.mockResolvedValue([
      { address: '2606:4700::6810:84e5', family: 6 },
      { address: '104.16.132.229', family: 4 },
    ]);
    expect(await resolveChecked(new URL('https://public.example/'), false)).toEqual({ address: '2606:4700::6810:84e5', family: 6 });
  });

  it('reports a name that does not resolve as NETWORK with ENOTFOUND', async () => {
    fakeLookup.mockImplementationOnce(async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })));
    await expect(resolveChecked(new URL('http://nowhere.example/'), false)).rejects.toMatchObject({
      code: 'NETWORK',
      systemCode: 'ENOTFOUND',
    });
  });

  it('connects to the address it checked and never asks DNS again (no rebinding window)', async () => {
    // The first answer is the fixture; any later lookup would return a different address.
    fakeLookup.mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }]).mockResolvedValue([{ address: '10.9.9.9', family: 4 }]);
    const client = createGuardedHttpClient({ allowHosts: [`rebind.test:${server.port}`] });
    const response = await client.request(`http://rebind.test:${server.port}/`);
    expect(response.body).toBe('pinned');
    expect(fakeLookup).toHaveBeenCalledTimes(1);
  });
});
