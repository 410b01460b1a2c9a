// The LLM path against a fake OpenAI-compatible server on 127.0.0.1. The canned answers below
// live in the fake server only: they stand for the provider, never for the plugin's own output.
import { createOpenAiCompatibleClient, type Logger } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prospect, richResearch, sender } from './test-fixtures.ts';
import { outreachPlugin } from './index.ts';

const greeting = { text: 'Hi Dana,', factIds: [] };
const signOff = { text: 'Best,\nSam Lee, Meetflow', factIds: [] };
const offer = { text: 'Meetflow delivers qualified meetings with your ideal customers, paid per attended meeting.', factIds: [] };
const email = (subject: string, ...middle: Array<{ text: string; factIds: string[] }>) => ({
  subject,
  sentences: [greeting, ...middle, offer, signOff],
});

// Provider answers by scenario (the path of the base URL).
const ANSWERS: Record<string, unknown> = {
  good: {
    emails: [
      email('Congrats, Dana', { text: 'Congratulations on the Series B, $40M (2026).', factIds: ['funding-series-b'] }),
      email('A question, Dana', {
        text: 'I read that reps spend hours qualifying inbound leads by hand.',
        factIds: ['pain-qualification'],
      }),
      email('For Northwind Analytics', {
        text: 'Demand forecasting for mid-size retailers is a sharp focus.',
        factIds: ['product-forecasting'],
      }),
    ],
  },
  'unknown-id': {
    emails: [
      email('Congrats, Dana', { text: 'Congratulations on the Series B, $40M (2026).', factIds: ['funding-series-b'] }),
      email('A question', { text: 'I saw you just opened an office in Tokyo.', factIds: ['office-tokyo'] }),
      email('For Northwind Analytics', {
        text: 'Demand forecasting for mid-size retailers is a sharp focus.',
        factIds: ['product-forecasting'],
      }),
    ],
  },
  uncited: {
    emails: [
      email('Congrats, Dana', { text: 'Congratulations on the Series B funding.', factIds: [] }),
      email('A question', { text: 'I read that reps spend hours qualifying inbound leads by hand.', factIds: ['pain-qualification'] }),
      email('Idea', { text: 'Demand forecasting for mid-size retailers is a sharp focus.', factIds: ['product-forecasting'] }),
    ],
  },
  'wrong-number': {
    emails: [
      email('Congrats, Dana', { text: 'Congratulations on the $100M Series B (2026).', factIds: ['funding-series-b'] }),
      email('A question', { text: 'I read that reps spend hours qualifying inbound leads by hand.', factIds: ['pain-qualification'] }),
      email('Idea', { text: 'Demand forecasting for mid-size retailers is a sharp focus.', factIds: ['product-forecasting'] }),
    ],
  },
  'too-few': { emails: [email('Hi', { text: 'Congratulations on the Series B, $40M (2026).', factIds: ['funding-series-b'] })] },
};

const requests: Array<{ path: string; body: { messages: Array<{ role: string; content: string }>; response_format?: unknown } }> = [];
let server: Server;
let root = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const scenario = (request.url ?? '').split('/')[1] ?? '';
      requests.push({ path: request.url ?? '', body: JSON.parse(raw) as (typeof requests)[number]['body'] });
      if (scenario === 'down') return void response.writeHead(503).end('upstream overloaded');
      const content = scenario === 'not-json' ? 'Sure! Here are your emails: ...' : JSON.stringify(ANSWERS[scenario]);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ model: 'fake-gpt', choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    debug() {},
    info() {},
    error() {},
    warn: (object, message) => {
      warnings.push(
        `${message ?? ''} ${Object.entries(object)
          .map(([key, value]) => `${key}=${String(value)}`)
          .join(' ')}`,
      );
    },
  };
}

async function writeWith(scenario: string, useLlm = true) {
  const logger = recordingLogger();
  const llm = createOpenAiCompatibleClient({ baseUrl: `${root}/${scenario}`, model: 'fake-gpt', timeoutMs: 5_000 });
  const output = await runActivity(
    outreachPlugin,
    'writeSequence',
    { prospect, research: richResearch, sender },
    testDeps(outreachPlugin, { config: { useLlm }, llm, logger }),
  );
  return { output, warnings: logger.warnings };
}

describe('outreach with a language model', () => {
  it("uses a valid answer, keeping the plan's steps, days and templates", async () => {
    const { output, warnings } = await writeWith('good');
    expect(warnings).toEqual([]);
    expect(output.writer).toBe('llm');
    expect(output.sequence.map((step) => [step.step, step.dayOffset, step.template])).toEqual([
      [1, 3, 'roi-focused'],
      [2, 8, 'pain-point'],
      [3, 15, 'value-prop'],
    ]);
    expect(output.sequence[0]?.sentences[1]).toEqual({
      text: 'Congratulations on the Series B, $40M (2026).',
      factIds: ['funding-series-b'],
    });
    expect(output.citations.map((citation) => citation.factId)).toEqual(['funding-series-b', 'pain-qualification', 'product-forecasting']);
    expect(output.overallStrategy).toContain('Written by the language model');
  });

  it('sends only the usable facts (ids, kinds, values) and asks for JSON', async () => {
    await writeWith('good');
    const request = requests.at(-1);
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const prompt = JSON.parse(request?.body.messages.find((message) => message.role === 'user')?.content ?? '{}') as { facts: unknown[] };
    expect(prompt.facts).toContainEqual({ id: 'funding-series-b', kind: 'funding', value: 'Series B, $40M (2026)' });
    const sent = JSON.stringify(request?.body);
    expect(sent).not.toContain(richResearch.companyInfo);
    expect(sent).not.toContain('Pipeline visibility across regions');
    expect(sent).not.toContain('low-confidence');
    expect(sent).not.toContain('sales@northwind.example');
    expect(sent).not.toContain('https://northwind.example');
  });

  it('drops a sentence citing a fact that does not exist, and keeps the rest', async () => {
    const { output, warnings } = await writeWith('unknown-id');
    expect(output.writer).toBe('llm');
    expect(output.sequence[1]?.body).not.toContain('Tokyo');
    expect(output.sequence.flatMap((step) => step.sentences.flatMap((sentence) => sentence.factIds))).not.toContain('office-tokyo');
    expect(warnings.join('\n')).toMatch(/unknown facts.*office-tokyo/);
  });

  it.each([
    ['uncited', /"series" from fact funding-series-b without citing it/],
    ['wrong-number', /states 100, which its cited facts \(funding-series-b\) do not hold/],
    ['too-few', /not the JSON asked for/],
    ['not-json', /not the JSON asked for/],
    ['down', /HTTP 503: upstream overloaded/],
  ])('falls back to templates when the answer is rejected (%s), saying why', async (scenario, why) => {
    const { output, warnings } = await writeWith(scenario);
    expect(output.writer).toBe('templates');
    expect(warnings.join('\n')).toMatch(why);
    expect(output.sequence).toHaveLength(3);
    expect(output.sequence[0]?.sentences.some((sentence) => sentence.factIds.includes('funding-series-b'))).toBe(true);
  });

  it('does not call the model unless useLlm is on', async () => {
    const before = requests.length;
    const { output } = await writeWith('good', false);
    expect(output.writer).toBe('templates');
    expect(requests.length).toBe(before);
  });
});
