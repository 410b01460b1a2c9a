import type { Fact } from '@meetflow/plugin-sdk';
import { manifestProblems } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { allowedWords, uncitedClaim } from './claims.ts';
import { prospect, richResearch, sender, sparseResearch, twoFactResearch } from './test-fixtures.ts';
import { outreachPlugin } from './index.ts';
import type { WriteSequenceOutput } from './schemas.ts';

type Research = typeof richResearch | typeof sparseResearch;
const write = (research: Research, extra: object = {}) =>
  runActivity(outreachPlugin, 'writeSequence', { prospect, research, sender, ...extra });

// Every string the research produced: none may appear in a sentence that cites nothing.
function researchStrings(research: Research): string[] {
  return [
    research.companyInfo,
    research.industry,
    ...research.painPoints,
    ...research.techStack,
    ...research.facts.map((fact) => fact.value),
  ].map((text) => text.toLowerCase());
}

const sentencesOf = (output: WriteSequenceOutput) => output.sequence.flatMap((email) => email.sentences);

describe('outreach plugin', () => {
  it('has a valid manifest', () => {
    expect(manifestProblems(outreachPlugin)).toEqual([]);
  });

  it('writes 3 emails from a rich research result, each with cited personal lines whose facts exist', async () => {
    const output = await write(richResearch);
    const factsById = new Map(richResearch.facts.map((fact) => [fact.id, fact]));
    expect(output.sequence.map((email) => email.template)).toEqual(['roi-focused', 'pain-point', 'value-prop']);
    expect(output.writer).toBe('templates');
    for (const email of output.sequence) {
      const personal = email.sentences.filter((sentence) => sentence.factIds.length > 0);
      expect(personal.length, `step ${email.step}`).toBeGreaterThanOrEqual(1);
      for (const sentence of personal) {
        for (const id of sentence.factIds) {
          const fact = factsById.get(id) as Fact;
          expect(fact, id).toBeDefined();
          // The sentence states the fact it cites (its distinctive part, after any lead verb).
          expect(sentence.text.toLowerCase()).toContain(fact.value.toLowerCase().replace(/^uses /, ''));
        }
      }
      expect(email.body).toBe(email.sentences.map((sentence) => sentence.text).join('\n\n'));
    }
    const cited = new Set(sentencesOf(output).flatMap((sentence) => sentence.factIds));
    expect(output.citations.map((citation) => citation.factId).sort()).toEqual([...cited].sort());
    expect(output.citations.find((citation) => citation.factId === 'funding-series-b')?.url).toBe('https://northwind.example/news');
  });

  it('never quotes contact details or facts below the confidence floor', async () => {
    const cited = sentencesOf(await write(richResearch)).flatMap((sentence) => sentence.factIds);
    expect(cited).not.toContain('contact-email');
    expect(cited).not.toContain('low-confidence');
  });

  it.each([
    ['rich', richResearch],
    ['one-fact', sparseResearch],
    ['two-fact', twoFactResearch],
  ] as const)('makes no uncited claim about the company (%s research)', async (_, research) => {
    const output = await write(research);
    const strings = researchStrings(research).filter((text) => text !== prospect.company.toLowerCase());
    for (const email of output.sequence) {
      const uncited = [
        email.subject,
        ...email.sentences.filter((sentence) => sentence.factIds.length === 0).map((sentence) => sentence.text),
      ];
      for (const text of uncited) {
        for (const researched of strings) expect(text.toLowerCase(), `"${text}" quotes "${researched}"`).not.toContain(researched);
      }
      for (const sentence of email.sentences) {
        expect(uncitedClaim(sentence.text, sentence.factIds, research.facts, allowedWords(prospect, sender))).toBeNull();
      }
    }
  });

  it('keeps a sparse result short and generic: one personal line, the rest template copy', async () => {
    const [rich, sparse] = [await write(richResearch), await write(sparseResearch)];
    const personal = sentencesOf(sparse).filter((sentence) => sentence.factIds.length > 0);
    expect(personal).toEqual([{ text: expect.stringContaining('HubSpot'), factIds: ['tech-hubspot'] }]);
    expect(sparse.sequence[0]?.sentences).toContain(personal[0]);
    expect(sentencesOf(sparse).length).toBeLessThan(sentencesOf(rich).length);
    expect(sparse.confidence).toBeLessThan(rich.confidence);
    expect(sparse.confidence).toBe(0.13); // one line at 0.8 confidence of 6 personal slots
  });

  it('spreads two facts over the best emails, one each, and leaves the last one generic', async () => {
    const output = await write(twoFactResearch);
    const cited = output.sequence.map((email) => email.sentences.flatMap((sentence) => sentence.factIds));
    expect(cited).toEqual([['location-berlin'], ['pain-reporting'], []]);
    expect(output.sequence[0]?.body).toMatch(/Northwind Analytics (is based in|calls) Berlin/);
    expect(output.sequence[0]?.body).not.toContain('Based in');
  });

  it('writes fully generic emails with confidence 0 when research found no facts', async () => {
    const output = await write({ ...sparseResearch, facts: [] });
    expect(sentencesOf(output).every((sentence) => sentence.factIds.length === 0)).toBe(true);
    expect(output.confidence).toBe(0);
    expect(output.citations).toEqual([]);
    expect(output.overallStrategy).toContain('No researched facts');
  });

  it('sends on the cadence: each step waits its days after the previous one', async () => {
    expect((await write(richResearch)).sequence.map((email) => email.dayOffset)).toEqual([3, 8, 15]);
    const custom = await write(richResearch, { cadenceTiming: { step1: 0, step2: 2, step3: 4 } });
    expect(custom.sequence.map((email) => email.dayOffset)).toEqual([0, 2, 6]);
    const configured = await runActivity(
      outreachPlugin,
      'writeSequence',
      { prospect, research: richResearch, sender },
      testDeps(outreachPlugin, { config: { cadenceTiming: { step1: 1, step2: 1, step3: 1 } } }),
    );
    expect(configured.sequence.map((email) => email.dayOffset)).toEqual([1, 2, 3]);
  });

  it('orders templates by the given performance and weighs the expected response rate with it', async () => {
    const output = await write(richResearch, { templatePerformance: { 'roi-focused': 0.1, 'pain-point': 0.2, 'value-prop': 0.4 } });
    expect(output.sequence.map((email) => email.template)).toEqual(['value-prop', 'pain-point', 'roi-focused']);
    expect(output.expectedResponseRate).toBe(0.28); // 0.5 × 0.4 + 0.3 × 0.2 + 0.2 × 0.1
    expect((await write(richResearch)).expectedResponseRate).toBe(0.2967);
    // The best template gets the best facts: a value-prop opener now comes first.
    expect(output.sequence[0]?.sentences.some((sentence) => sentence.factIds.includes('product-forecasting'))).toBe(true);
  });

  it('gives the same output for the same input, and varies phrasing across prospects', async () => {
    expect(await write(richResearch)).toEqual(await write(richResearch));
    const bodies = new Set<string>();
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example']) {
      const output = await runActivity(outreachPlugin, 'writeSequence', {
        prospect: { ...prospect, email },
        research: richResearch,
        sender,
      });
      bodies.add(output.sequence[0]?.body ?? '');
    }
    expect(bodies.size).toBeGreaterThan(1);
  });

  it('mentions the lead score in the strategy when given', async () => {
    const output = await write(richResearch, { scoring: { totalScore: 82, priority: 'High' } });
    expect(output.overallStrategy).toContain('Lead scored 82/100 (High priority).');
    expect(output.overallStrategy.startsWith('3 emails over 15 days, roi-focused first (34.5% response)')).toBe(true);
  });
});
