// The LLM path against a fake OpenAI-compatible server on 127.0.0.1. The canned answers below
// live in the fake server only: they stand for the provider, never for the plugin's own output.
import { createOpenAiCompatibleClient, type Logger } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offer, prospect, richResearch } from './test-fixtures.ts';
import { outreachPlugin } from './index.ts';
import { buildPrompt } from './llm-writer.ts';
import { OfferSchema } from './offer.ts';
import { planSequence } from './plan.ts';

type Line = { text: string; factIds: string[] };
const s = (text: string, ...factIds: string[]): Line => ({ text, factIds });
const email = (subject: string, ...middle: Line[]) => ({
  subject,
  sentences: [s('Hi Dana,'), ...middle, s('Best,\nSam Lee, Head of Growth\nMeetflow')],
});

const good = {
  emails: [
    email(
      'Your Series B',
      s('Congrats on the $40M Series B with Accel.', 'funding-1'),
      s('After a raise, getting new reps productive fast tends to matter most.', 'funding-1'),
      s('Meetflow books qualified sales meetings with your ideal customers, so new hires have meetings in their first week.'),
      s('Would a 20-minute call next week be useful?'),
    ),
    email(
      'Re: Your Series B',
      s('Following up on my note about your Series B.', 'funding-1'),
      s('I liked how your site takes on manual data entry.', 'pain-1'),
      s('With Meetflow, your reps only talk to accounts that fit.'),
      s('Open to 20 minutes to compare notes?'),
    ),
    email(
      'One last note, Dana',
      s('Kellerhaus Living on your customer list caught my eye.', 'customer-1'),
      s('In short, Meetflow books qualified sales meetings with your ideal customers.'),
      s('Is it worth 20 minutes, or should I stop here?'),
    ),
  ],
};
// The same emails with one invented claim: an office the research never found.
const hallucinating = {
  emails: [
    {
      ...good.emails[0]!,
      sentences: good.emails[0]!.sentences.map((line, index) =>
        index === 1 ? s('Congrats on opening your Tokyo office.', 'funding-1') : line,
      ),
    },
    ...good.emails.slice(1),
  ],
};
const unknownId = {
  emails: [
    {
      ...good.emails[0]!,
      sentences: good.emails[0]!.sentences.map((line, index) => (index === 1 ? s('Congrats on the $40M Series B.', 'funding-7') : line)),
    },
    ...good.emails.slice(1),
  ],
};

// Provider answers by scenario (the first part of the base URL's path) and attempt (1 or 2).
const ANSWERS: Record<string, (attempt: number) => string> = {
  good: () => JSON.stringify(good),
  hallucinating: () => JSON.stringify(hallucinating),
  'unknown-id': () => JSON.stringify(unknownId),
  malformed: () => 'Sure! Here are your emails: ...',
  'fixed-on-retry': (attempt) => (attempt === 1 ? JSON.stringify({ emails: good.emails.slice(0, 1) }) : JSON.stringify(good)),
};

type Request = { scenario: string; body: { messages: Array<{ role: string; content: string }>; response_format?: unknown } };
const requests: Request[] = [];
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
      const body = JSON.parse(raw) as Request['body'];
      requests.push({ scenario, body });
      if (scenario === 'down') return void response.writeHead(503).end('upstream overloaded');
      const attempt = body.messages.filter((message) => message.role === 'user').length;
      const content = ANSWERS[scenario]?.(attempt) ?? '';
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
      warnings.push(`${message ?? ''} ${Object.values(object).map(String).join(' ')}`);
    },
  };
}

async function writeWith(scenario: string, useLlm = true) {
  const logger = recordingLogger();
  const llm = createOpenAiCompatibleClient({ baseUrl: `${root}/${scenario}`, model: 'fake-gpt', timeoutMs: 5_000 });
  const output = await runActivity(
    outreachPlugin,
    'writeSequence',
    { prospect, research: richResearch, offer },
    testDeps(outreachPlugin, { config: { useLlm }, llm, logger }),
  );
  return { output, warnings: logger.warnings, calls: requests.filter((request) => request.scenario === scenario) };
}

describe('outreach with a language model', () => {
  it("uses a grounded answer that passes the lint, keeping the plan's steps, days and templates", async () => {
    const { output, warnings, calls } = await writeWith('good');
    expect(warnings).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(output.writer).toBe('llm');
    expect(output.sequence.map((step) => [step.step, step.dayOffset, step.template])).toEqual([
      [1, 3, 'roi-focused'],
      [2, 8, 'pain-point'],
      [3, 15, 'value-prop'],
    ]);
    expect(output.sequence[0]?.sentences[1]).toEqual({ text: 'Congrats on the $40M Series B with Accel.', factIds: ['funding-1'] });
    expect(output.citations.map((citation) => citation.factId)).toEqual(['funding-1', 'pain-1', 'customer-1']);
    expect(output.overallStrategy).toContain('Written by the language model');
  });

  it('sends the usable facts with their ids and evidence, the offer and the copy rules, and asks for JSON', async () => {
    const { calls } = await writeWith('good');
    const { body } = calls.at(-1)!;
    expect(body.response_format).toEqual({ type: 'json_object' });
    const system = body.messages.find((message) => message.role === 'system')?.content ?? '';
    expect(system).toContain('At most 120 words');
    expect(system).toContain('factIds');
    const prompt = JSON.parse(body.messages.find((message) => message.role === 'user')?.content ?? '{}') as {
      facts: unknown[];
      offer: { companyName: string; valueProps: unknown[]; meetingMinutes: number };
      signature: string;
    };
    expect(prompt.facts).toContainEqual({
      id: 'funding-1',
      kind: 'funding',
      value: 'Raised $40M Series B, led by Accel (2026)',
      evidence: 'Northwind raised a $40M Series B led by Accel in 2026.',
    });
    expect(prompt.offer).toMatchObject({ companyName: 'Meetflow', meetingMinutes: 20, valueProps: offer.valueProps });
    expect(prompt.signature).toBe('Sam Lee, Head of Growth\nMeetflow');
    const sent = JSON.stringify(body);
    expect(sent).not.toContain('Snowflake'); // below the confidence floor
    expect(sent).not.toContain('sales@northwind.example');
    expect(sent).not.toContain('https://northwind.example');
  });

  it('tells the model what experiments chose for the first email, and nothing when they chose nothing it acts on', () => {
    const context = {
      plan: planSequence({ 'roi-focused': 0.3, 'pain-point': 0.2, 'value-prop': 0.1 }, { step1: 0, step2: 3, step3: 4 }),
      facts: richResearch.facts,
      prospect,
      research: richResearch,
      offer: OfferSchema.parse(offer),
    };
    const brief = (decisions?: Record<string, string>) =>
      (JSON.parse(buildPrompt(decisions ? { ...context, decisions } : context)) as { firstEmail?: unknown }).firstEmail;
    expect(brief()).toBeUndefined();
    expect(brief({ 'opener-angle': 'most-relevant', 'subject-style': 'about-them', 'follow-up-gap': '7' })).toBeUndefined();
    expect(brief({ 'opener-angle': 'stack-and-problems', 'subject-style': 'about-the-offer' })).toEqual({
      openOnFactKinds: ['tech', 'pain-point'],
      subjectAbout: 'the offer',
    });
  });

  it('retries once with the problems listed, and uses the fixed answer', async () => {
    const { output, warnings, calls } = await writeWith('fixed-on-retry');
    expect(output.writer).toBe('llm');
    expect(calls).toHaveLength(2);
    const feedback = calls[1]!.body.messages.at(-1)?.content ?? '';
    expect(feedback).toMatch(/^Your answer breaks these rules: the answer is not the JSON asked for/);
    expect(calls[1]!.body.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(warnings.join('\n')).toMatch(/asking once more/);
  });

  it.each([
    [
      'hallucinating',
      /step 1 \(grounding\): "Congrats on opening your Tokyo office\." says "tokyo", which neither its cited facts nor the offer hold/,
    ],
    ['unknown-id', /cites funding-7, which no research fact is/],
    ['malformed', /not the JSON asked for/],
  ])('falls back to the move writer after a second bad answer (%s), saying why', async (scenario, why) => {
    const { output, warnings, calls } = await writeWith(scenario);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages.at(-1)?.content).toMatch(why);
    expect(output.writer).toBe('templates');
    expect(warnings.join('\n')).toMatch(/language model answer rejected; writing from moves/);
    expect(warnings.join('\n')).toMatch(why);
    // The move writer's first email opens on one of the facts that suit it best (funding or hiring: the prospect's hash picks).
    expect(output.sequence[0]?.sentences.some((sentence) => ['funding-1', 'hiring-openings'].includes(sentence.factIds[0] ?? ''))).toBe(
      true,
    );
    expect(JSON.stringify(output)).not.toContain('Tokyo');
  });

  it('falls back at once when the model cannot be reached', async () => {
    const { output, warnings, calls } = await writeWith('down');
    expect(calls).toHaveLength(1);
    expect(output.writer).toBe('templates');
    expect(warnings.join('\n')).toMatch(/HTTP 503: upstream overloaded/);
  });

  it('does not call the model unless useLlm is on', async () => {
    const before = requests.length;
    const { output } = await writeWith('good', false);
    expect(output.writer).toBe('templates');
    expect(requests.length).toBe(before);
  });
});
