import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * The browser hardening every response of the app carries (koa-helmet, over helmet): a
 * Content-Security-Policy the built UI runs under (its scripts and styles are files of its own
 * origin, never inline), `nosniff`, framing denied (`frame-ancestors 'none'` and
 * `X-Frame-Options: DENY`), `Referrer-Policy: strict-origin-when-cross-origin`, and HSTS, which
 * is sent only when the request came over TLS (over plain HTTP it would be ignored, and on a
 * development machine it would pin `localhost` to HTTPS).
 */
export function securityHeaders(): Middleware {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });
  return async (ctx, next) => {
    if (ctx.secure) await hsts(ctx, async () => {});
    return headers(ctx, next);
  };
}
