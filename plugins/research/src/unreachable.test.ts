import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedHttpClient, GuardedHttpError, type HttpClient } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixtureSite, type FixtureSite } from './fixture-site.ts';
import { researchPlugin } from './index.ts';

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixtureSite('brightforge');
});
afterAll(() => site.close());

const enrich = (website: string, http: HttpClient) =>
  runActivity(researchPlugin, 'enrichCompany', { website }, testDeps(researchPlugin, { http }) as never);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolveClose) => server.close(resolveClose));
  return port;
}

describe('enrichCompany when the site cannot be read', () => {
  it('fails as a plain, retryable error when nothing answers (connection refused)', async () => {
    const port = await closedPort();
    const error = await failureOf(enrich(`http://127.0.0.1:${port}/`, createGuardedHttpClient({ allowHosts: [`127.0.0.1:${port}`] })));
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApplicationFailure);
    expect((error as Error).message).toMatch(/Cannot reach http:\/\/127\.0\.0\.1:\d+\/ right now .*will retry/);
  });

  it('fails as a non-retryable SiteUnreachable for an internal address', async () => {
    const error = await failureOf(enrich(`${site.origin}/`, createGuardedHttpClient()));
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'SiteUnreachable', nonRetryable: true });
    expect((error as Error).message).toContain('internal or private');
  });

  it('fails as SiteUnreachable when the home page is missing', async () => {
    const error = await failureOf(enrich(`${site.origin}/no-such-page`, createGuardedHttpClient({ allowHosts: [site.host] })));
    expect(error).toMatchObject({ type: 'SiteUnreachable', nonRetryable: true, message: expect.stringContaining('HTTP 404') });
  });

  it('fails as SiteUnreachable when robots.txt disallows the page asked for, without fetching it', async () => {
    site.requests.length = 0;
    const error = await failureOf(enrich(`${site.origin}/careers/`, createGuardedHttpClient({ allowHosts: [site.host] })));
    expect(error).toMatchObject({ type: 'SiteUnreachable', message: expect.stringContaining('robots.txt') });
    expect(site.requests).toEqual(['/robots.txt']);
  });

  it('fails as SiteUnreachable at once when no network route reaches the address (ENETUNREACH), instead of retrying', async () => {
    const unrouted: HttpClient = {
      request: async (url) => {
        throw new GuardedHttpError('NETWORK', `${url} could not be fetched: connect ENETUNREACH 211.4.250.253:443`, 'ENETUNREACH');
      },
    };
    const error = await failureOf(enrich('https://211.4.250.253/', unrouted));
    expect(error).toMatchObject({ type: 'SiteUnreachable', nonRetryable: true });
    expect((error as Error).message).toBe('Cannot research https://211.4.250.253/: no network route reaches its address.');
  });

  it('retries a home page that answers a server error', async () => {
    const failing: HttpClient = {
      request: async (url) => ({ url, status: 503, headers: {}, contentType: 'text/html', body: '', redirects: [] }),
    };
    const error = await failureOf(enrich('https://example.com/', failing));
    expect(error).not.toBeInstanceOf(ApplicationFailure);
    expect((error as Error).message).toContain('HTTP 503; will retry');
  });

  it('rejects a non-http website as invalid input, before any request', async () => {
    const error = await failureOf(enrich('ftp://example.com/', createGuardedHttpClient()));
    expect(error).toMatchObject({ type: 'InvalidActivityInput', nonRetryable: true });
  });
});
