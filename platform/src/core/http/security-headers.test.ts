import Koa from 'koa';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../../../dev/testing/http.ts';
import { errorMiddleware } from './error-middleware.ts';
import { securityHeaders } from './security-headers.ts';

let server: Awaited<ReturnType<typeof serveForTest>>;

beforeAll(async () => {
  const app = new Koa();
  app.proxy = true; // so a test can say the request came over TLS (X-Forwarded-Proto), as a TLS-terminating proxy does
  app.silent = true;
  // In the app's order: the headers, then the error mapping.
  app.use(securityHeaders());
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(async (ctx) => {
    if (ctx.path === '/fails') throw new Error('a bug');
    ctx.body = 'ok';
  });
  server = await serveForTest(app);
});
afterAll(() => server.close());

describe('securityHeaders', () => {
  it('sends a CSP without inline scripts or styles, nosniff, framing denied and a strict referrer policy', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only over TLS', async () => {
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const overTls = await fetch(`${server.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('hardens an error response too (the error mapping comes after the headers)', async () => {
    const response = await fetch(`${server.url}/fails`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
