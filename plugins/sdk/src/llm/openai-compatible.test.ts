import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCompatibleClient, LlmRequestError } from './openai-compatible.ts';

// A stand-in for the provider on 127.0.0.1: it records each request and answers per path.
interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
// Told when the connection of a /slow request closes, and whether its answer had been sent by then.
let onSlowClosed: (answered: boolean) => void = () => {};
let server: Server;
let root = '';

function answer(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(body);
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      seen.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(raw || '{}') as Record<string, unknown> });
      if (request.url === '/ok/chat/completions') {
        answer(
          response,
          200,
          JSON.stringify({ model: 'fake-model-2', choices: [{ message: { role: 'assistant', content: '{"hello":"world"}' } }] }),
        );
      } else if (request.url === '/broken/chat/completions') {
        answer(response, 429, JSON.stringify({ error: { message: 'rate limited, slow down' } }));
      } else if (request.url === '/empty/chat/completions') {
        answer(response, 200, JSON.stringify({ choices: [] }));
      } else if (request.url === '/slow/chat/completions') {
        const timer = setTimeout(() => answer(response, 200, '{}'), 2_000);
        response.on('close', () => {
          clearTimeout(timer);
          onSlowClosed(response.writableEnded);
        });
      } else {
        answer(response, 404, 'not found');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createOpenAiCompatibleClient', () => {
  it('posts a chat completion with the bearer key, defaults and JSON mode, and returns the content', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: `${root}/ok/`, apiKey: 'sk-test', model: 'fake-model' });
    const result = await client.complete({ system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }], json: true });
    expect(result).toEqual({ text: '{"hello":"world"}', model: 'fake-model-2' });
    const request = seen.at(-1);
    expect(request?.path).toBe('/ok/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      temperature: 0.7,
      max_tokens: 2048,
      response_format: { type: 'json_object' },
    });
  });

  it('lets a request override temperature and tokens, omits JSON mode and the key when not asked', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: `${root}/ok`, model: 'm', temperature: 0.2, maxTokens: 100 });
    await client.complete({ system: 's', messages: [], temperature: 0, maxTokens: 50 });
    const request = seen.at(-1);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({ model: 'm', messages: [{ role: 'system', content: 's' }], temperature: 0, max_tokens: 50 });
  });

  it('reports a non-2xx answer with its status and the start of its body', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: `${root}/broken`, model: 'm' });
    const failure = await client.complete({ system: 's', messages: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmRequestError);
    expect((failure as LlmRequestError).status).toBe(429);
    expect((failure as Error).message).toMatch(/HTTP 429: .*rate limited, slow down/);
  });

  it('reports an answer without content', async () => {
    const client = createOpenAiCompatibleClient({ baseUrl: `${root}/empty`, model: 'm' });
    await expect(client.complete({ system: 's', messages: [] })).rejects.toThrow(/no choices\[0\]\.message\.content/);
  });

  it('aborts a request that outlives the timeout, closing the connection before the answer comes', async () => {
    const closed = new Promise<boolean>((resolve) => (onSlowClosed = resolve));
    const client = createOpenAiCompatibleClient({ baseUrl: `${root}/slow`, model: 'm', timeoutMs: 100 });
    const failure = await client.complete({ system: 's', messages: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LlmRequestError);
    expect(failure).toMatchObject({ status: null, message: `LLM request to ${root}/slow/chat/completions timed out after 100 ms` });
    expect(await closed).toBe(false); // the provider (answering after 2 s) saw the client hang up unanswered
  });
});
