import { randomBytes } from 'node:crypto';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../../core/secrets-box.ts';
import { Types } from 'mongoose';
import { mailLinkToken, mailLinkUrl } from './mail-links.ts';
import { openPixelToken, readOpenPixelToken, trackedHtml, type OpenSubject } from './open-tracking.ts';
import { openTrackingRouter } from './open-routes.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { serveProductApp, serveRouters } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';

const box = secretsBox(randomBytes(32));
const WS = 'open-tracking';
const subject: OpenSubject = { workspaceId: WS, prospectId: 5, sequenceId: `sequence-${WS}-5`, step: 2 };
const PIXEL_URL = 'https://meetflow.example/api/o/abc.def';
/** The id with its first character changed. */
const altered = (token: string) => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;

describe('trackedHtml', () => {
  it('escapes every character HTML would read, in text and in links', () => {
    const html = trackedHtml(`<script>alert("x")</script> & 'quotes'\n\nSee https://acme.test/?a=1&b=<2>`, PIXEL_URL);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;quotes&#39;');
    // The link stops at the "<", which stays text.
    expect(html).toContain('See <a href="https://acme.test/?a=1&#38;b=">https://acme.test/?a=1&#38;b=</a>&#60;2&#62;');
  });

  it('makes paragraphs at blank lines and line breaks within them', () => {
    const html = trackedHtml('Hi Ada,\r\n\r\nLine one\nline two\n\n\n\nAlex Morgan\nBrightline Data\n', PIXEL_URL);
    expect(html.match(/<p>.*?<\/p>/gs)).toEqual([
      '<p>Hi Ada,</p>',
      '<p>Line one<br>\nline two</p>',
      '<p>Alex Morgan<br>\nBrightline Data</p>',
    ]);
  });

  it('links http(s) URLs only, without the punctuation that ends the sentence', () => {
    const html = trackedHtml('Read https://acme.test/a. Or (http://acme.test/b), not javascript:alert(1) or ftp://acme.test.', PIXEL_URL);
    expect(html).toContain('Read <a href="https://acme.test/a">https://acme.test/a</a>. ');
    expect(html).toContain('Or (<a href="http://acme.test/b">http://acme.test/b</a>), ');
    expect(html.match(/<a /g)).toHaveLength(2);
  });

  it('ends with one 1×1 image of the pixel URL, after the text', () => {
    const html = trackedHtml(
      'Hello.\n\n--\nNot interested? Unsubscribe with one click: https://meetflow.example/api/unsubscribe/t\n',
      PIXEL_URL,
    );
    expect(html.match(/<img [^>]*>/g)).toEqual([
      `<img src="${PIXEL_URL}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">`,
    ]);
    expect(html.indexOf('<img')).toBeGreaterThan(html.indexOf('/api/unsubscribe/t</a>'));
    expect(trackedHtml('x', 'https://m.example/api/o/"><b>')).toContain('src="https://m.example/api/o/&#34;&#62;&#60;b&#62;"');
  });
});

describe('pixel tokens of emails sent before links became opaque', () => {
  it('read back as signed, and refuse anything else', () => {
    const token = openPixelToken(box, subject);
    expect(readOpenPixelToken(box, token)).toEqual(subject);
    expect(readOpenPixelToken(secretsBox(randomBytes(32)), token)).toBeNull();
    expect(readOpenPixelToken(box, token.slice(0, -1))).toBeNull();
    expect(readOpenPixelToken(box, unsubscribeToken(box, { workspaceId: WS, prospectId: 5, email: 'ada@acme.test' }))).toBeNull();
    expect(mailLinkUrl('https://meetflow.example', 'open', 'abc')).toBe('https://meetflow.example/api/o/abc');
  });
});

describe('GET /api/o/{token} (the whole app)', () => {
  let stack: TestPipelineWorker;
  let server: Awaited<ReturnType<typeof serveProductApp>>;
  beforeAll(async () => {
    stack = await startTestPipelineWorker('open-tracking', [], { secrets: box, publicUrl: 'https://meetflow.example' });
    server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example' });
  });
  afterAll(async () => {
    await server?.close();
    await stack?.stop();
  });
  const pixel = (token: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/o/${token}`, { headers });
  const opens = (filter: object = {}) => stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'opened', ...filter });

  /** The opaque pixel id of an email of `subject`'s sequence, as a send makes it. */
  const pixelOf = (of: OpenSubject) => mailLinkToken(stack.db, 'open', { _id: new Types.ObjectId(), ...of, email: 'ada@acme.test' });

  it('answers a transparent 1×1 GIF, never cached, and records one open per sequence step however often it is fetched', async () => {
    const url = mailLinkUrl(server.url, 'open', await pixelOf(subject));
    for (let fetched = 0; fetched < 3; fetched++) {
      const response = await fetch(url, { headers: { accept: 'image/*' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/gif');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const gif = Buffer.from(await response.arrayBuffer());
      expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([1, 1]);
    }
    expect(await opens()).toBe(1);
    expect(await stack.db.outcomeEvents.findOne({ workspaceId: WS, type: 'opened' }).lean()).toMatchObject({
      eventId: `opened-${subject.sequenceId}-2`,
      prospectId: '5',
      step: 2,
      applied: true,
    });
    expect((await pixel(await pixelOf({ ...subject, step: 3 }))).status).toBe(200);
    expect(await opens({ step: 3 })).toBe(1);
    // An email sent before links became opaque still counts its opens (its token is signed).
    expect((await pixel(openPixelToken(box, { ...subject, step: 4 }))).status).toBe(200);
    expect(await opens({ step: 4 })).toBe(1);
  });

  it('refuses a forged, cut or foreign token with a 404 in words, and records nothing', async () => {
    const token = openPixelToken(box, { ...subject, step: 9 });
    const [payload, signature] = token.split('.') as [string, string];
    const otherWorkspace = Buffer.from(JSON.stringify(['someone-else', 5, subject.sequenceId, 9])).toString('base64url');
    const bad = [
      token.slice(0, -3),
      `${otherWorkspace}.${signature}`,
      `${payload}.forged`,
      openPixelToken(secretsBox(randomBytes(32)), subject),
      unsubscribeToken(box, { workspaceId: WS, prospectId: 5, email: 'ada@acme.test' }),
      'garbage',
      `${payload}.${signature}.extra`,
      'x'.repeat(5_000),
      // Opaque ids: one altered, one guessed, and an unsubscribe link's (another purpose).
      altered(await pixelOf({ ...subject, step: 9 })),
      'A'.repeat(32),
      await mailLinkToken(stack.db, 'unsubscribe', { _id: new Types.ObjectId(), ...subject, step: 9, email: 'ada@acme.test' }),
    ];
    for (const candidate of bad) {
      const response = await pixel(candidate, { accept: 'application/json' });
      expect([response.status, await response.json()], candidate.slice(0, 40)).toEqual([
        404,
        { error: expect.stringContaining('This open-tracking link is not valid') },
      ]);
    }
    const asText = await pixel('garbage');
    expect([asText.status, asText.headers.get('content-type'), await asText.text()]).toEqual([
      404,
      expect.stringMatching(/^text\/plain/),
      expect.stringMatching(/^This open-tracking link is not valid/),
    ]);
    expect(await opens({ step: 9 })).toBe(0);
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: 'someone-else' })).toBe(0);
  });

  it('is in the OpenAPI document as a public GIF, like the unsubscribe link', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenAPIV3_1.Document;
    const operation = document.paths?.['/api/o/{token}']?.get;
    expect(operation).toMatchObject({ security: [], tags: ['sending'] });
    expect(Object.keys(operation!.responses!).sort()).toEqual(['200', '400', '404']); // 400: a query parameter it does not take
    expect(Object.keys((operation!.responses!['200'] as OpenAPIV3_1.ResponseObject).content!)).toEqual(['image/gif']);
  });
});

it('answers 404, not 500, on an install without a secrets key', async () => {
  const server = await serveRouters(openTrackingRouter({ db: {} as never, secrets: { unavailable: 'no key here' } }));
  try {
    const response = await fetch(`${server.url}/api/o/${openPixelToken(box, subject)}`);
    expect([response.status, await response.text()]).toEqual([404, expect.stringMatching(/^This open-tracking link is not valid/)]);
  } finally {
    await server.close();
  }
});
