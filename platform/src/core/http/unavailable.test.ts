import Koa from 'koa';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../dev/devstack/ports.ts';
import { serveForTest } from '../../../dev/testing/http.ts';
import { createTemporalClient } from '../temporal/client.ts';
import { errorMiddleware } from './error-middleware.ts';

// A dependency that is down is the server's trouble, said as a 503 the client can retry, never a bare 500.
const closers: Array<() => Promise<unknown>> = [];
afterAll(() => Promise.all(closers.map((close) => close())));

/** Serves one handler behind the app's error middleware and answers what GET / gets. */
async function answer(handler: () => Promise<unknown>) {
  const app = new Koa();
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(async (ctx) => {
    ctx.body = await handler();
  });
  const server = await serveForTest(app);
  try {
    const response = await fetch(server.url, { headers: { accept: 'application/json' } });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error: string } };
  } finally {
    await server.close();
  }
}

describe('a dependency that does not answer', () => {
  it('is a 503 naming the database, with Retry-After, when a query finds no database', async () => {
    const dead = mongoose.createConnection(`mongodb://127.0.0.1:${await freePort()}/gone`, { serverSelectionTimeoutMS: 300 });
    dead.on('error', () => {}); // the failed connect is the point
    closers.push(() => dead.close());
    // Mongoose holds a query until connected, then gives up (10 s in the app; 300 ms here).
    const Things = dead.model('Thing', new mongoose.Schema({ name: String }, { bufferTimeoutMS: 300 }));
    const { status, retryAfter, body } = await answer(() => Things.find().lean());
    expect(status).toBe(503);
    expect(retryAfter).toBe('10');
    expect(body.error).toBe('The database is not answering: try again in a moment (GET /api/health says what is down)');
  });

  it('is a 503 naming Temporal, with Retry-After, when a workflow cannot be started', async () => {
    const { connection, client } = createTemporalClient({ temporalAddress: `127.0.0.1:${await freePort()}`, temporalNamespace: 'default' });
    closers.push(() => connection.close());
    const { status, retryAfter, body } = await answer(() => client.workflow.start('anything', { taskQueue: 'nowhere', workflowId: 'w-1' }));
    expect(status).toBe(503);
    expect(retryAfter).toBe('10');
    expect(body.error).toBe('Temporal is not answering: try again in a moment (GET /api/health says what is down)');
  });

  it('stays a bare 500 for anything else, without Retry-After', async () => {
    const { status, retryAfter, body } = await answer(() => Promise.reject(new Error('mongodb://user:secret@db broke')));
    expect(status).toBe(500);
    expect(retryAfter).toBeNull();
    expect(body.error).toBe('Internal Server Error');
  });
});
