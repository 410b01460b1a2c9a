import type { Fact } from '@meetflow/plugin-sdk';
import { manifestProblems } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { offer, prospect, richResearch, sparseResearch } from './test-fixtures.ts';
import { outreachPlugin } from './index.ts';
import type { WriteSequenceOutput } from './schemas.ts';

type Research = typeof richResearch | typeof sparseResearch;
const write = (research: Research, extra: object = {}) =>
  runActivity(outreachPlugin, 'writeSequence', { prospect, research, offer, ...extra });
const sentencesOf = (output: WriteSequenceOutput) => output.sequence.flatMap((email) => email.sentences);

describe('outreach plugin', () => {
  it('has a valid manifest', () => {
    expect(manifestProblems(outreachPlugin)).toEqual([]);
  });

  it('writes 3 emails from a rich research result, each opening with a cited fact that exists', async () => {
    const output = await write(richResearch);
    const factsById = new Map<string, Fact>(richResearch.facts.map((fact) => [fact.id, fact]));
    expect(output.sequence.map((email) => email.template)).toEqual(['roi-focused', 'pain-point', 'value-prop']);
    expect(output.writer).toBe('templates');
    for (const email of output.sequence) {
      const opener = email.sentences.find((sentence) => sentence.move === 'opener');
      expect(opener?.factIds, `step ${email.step}`).toHaveLength(1);
      for (const id of email.sentences.flatMap((sentence) => sentence.factIds)) expect(factsById.get(id), id).toBeDefined();
      expect(email.body).toBe(email.sentences.map((sentence) => sentence.text).join('\n\n'));
      expect(email.sentences.find((sentence) => sentence.move === 'offer')?.text).toContain('Meetflow');
    }
    // Step 1 is ROI-focused: it leads with one of the facts that suit it best, the funding round or the hiring (between
    // near-equals the prospect's hash picks, so a campaign's first emails do not all open alike)…
    expect(['funding-1', 'hiring-openings']).toContain(output.sequence[0]?.sentences[1]?.factIds[0]);
    // …and the funding round, when it is the one fact that suits, said the way a person would.
    const funded = await write({ ...richResearch, facts: richResearch.facts.filter((one) => one.kind !== 'hiring') });
    expect(funded.sequence[0]?.sentences[1]).toMatchObject({ factIds: ['funding-1'], text: expect.stringMatching(/\$40M Series B/) });
    const cited = new Set(sentencesOf(output).flatMap((sentence) => sentence.factIds));
    expect(output.citations.map((citation) => citation.factId).sort()).toEqual([...cited].sort());
    expect(output.citations.find((citation) => citation.factId === 'funding-1')?.url).toBe('https://northwind.example/funding');
  });

  it('never quotes contact details or facts below the confidence floor', async () => {
    const cited = sentencesOf(await write(richResearch)).flatMap((sentence) => sentence.factIds);
    expect(cited).not.toContain('contact-1');
    expect(cited).not.toContain('tech-snowflake');
    expect(JSON.stringify(await write(richResearch))).not.toMatch(/Snowflake|sales@northwind/);
  });

  it('writes generic but complete emails with confidence 0 when research found no facts', async () => {
    const output = await write({ ...sparseResearch, facts: [] });
    expect(sentencesOf(output).every((sentence) => sentence.factIds.length === 0)).toBe(true);
    expect(output.sequence.every((email) => email.body.includes('Meetflow') && (email.body.match(/\?/g) ?? []).length === 1)).toBe(true);
    expect(output.confidence).toBe(0);
    expect(output.citations).toEqual([]);
    expect(output.overallStrategy).toContain('No researched facts');
  });

  it('is more confident the more of its lines rest on facts', async () => {
    const [rich, sparse] = [await write(richResearch), await write(sparseResearch)];
    expect(sparse.confidence).toBeGreaterThan(0);
    expect(sparse.confidence).toBeLessThan(rich.confidence);
  });

  it('sends on the cadence: each step waits its days after the previous one', async () => {
    expect((await write(richResearch)).sequence.map((email) => email.dayOffset)).toEqual([3, 8, 15]);
    const custom = await write(richResearch, { cadenceTiming: { step1: 0, step2: 2, step3: 4 } });
    expect(custom.sequence.map((email) => email.dayOffset)).toEqual([0, 2, 6]);
    const configured = await runActivity(
      outreachPlugin,
      'writeSequence',
      { prospect, research: richResearch, offer },
      testDeps(outreachPlugin, { config: { cadenceTiming: { step1: 1, step2: 1, step3: 1 } } }),
    );
    expect(configured.sequence.map((email) => email.dayOffset)).toEqual([1, 2, 3]);
  });

  it('acts on the decisions experiments made at its declared decision points, and refuses a value it cannot take', async () => {
    const declared = outreachPlugin.manifest.decisionPoints!.map((point) => [point.id, point.arms.map((arm) => arm.value)]);
    expect(declared).toEqual([
      ['first-email-template', ['roi-focused', 'pain-point', 'value-prop']],
      ['follow-up-gap', ['3', '5', '7']],
      ['opener-angle', ['most-relevant', 'growth', 'stack-and-problems', 'what-they-sell']],
      ['subject-style', ['about-them', 'about-the-offer']],
    ]);
    // The follow-up gap moves the second email (and the third with it); the template decision opens the sequence.
    const decided = await write(richResearch, { decisions: { 'follow-up-gap': '7', 'first-email-template': 'value-prop' } });
    expect(decided.sequence.map((email) => email.dayOffset)).toEqual([3, 10, 17]);
    expect(decided.sequence[0]!.template).toBe('value-prop');
    // A decision point that is not the writer's is ignored; a value its decision point does not offer is refused.
    expect((await write(richResearch, { decisions: { 'send-hour': '9' } })).sequence.map((email) => email.dayOffset)).toEqual([3, 8, 15]);
    await expect(write(richResearch, { decisions: { 'follow-up-gap': '9' } })).rejects.toThrow(/"9" is not a value of follow-up-gap/);
  });

  it("opens the first email on the kind of fact the 'opener-angle' arm prefers, when the prospect has one", async () => {
    const kindOf = (output: WriteSequenceOutput) =>
      richResearch.facts.find((one) => one.id === output.sequence[0]!.sentences[1]!.factIds[0])?.kind;
    const angle = (value: string) => write(richResearch, { decisions: { 'opener-angle': value } });
    // The ROI-focused first email would open on funding or hiring by itself: each preference moves it…
    expect(['funding', 'hiring']).toContain(kindOf(await write(richResearch)));
    // …and a value-prop first email (what they sell, by itself) opens on growth when asked to.
    const valueFirst = { 'first-email-template': 'value-prop' };
    expect(['product', 'customer', 'tech']).toContain(kindOf(await write(richResearch, { decisions: valueFirst })));
    const grown = await write(richResearch, { decisions: { ...valueFirst, 'opener-angle': 'growth' } });
    expect(['funding', 'hiring', 'employees']).toContain(kindOf(grown));
    expect(['tech', 'pain-point']).toContain(kindOf(await angle('stack-and-problems')));
    expect(['product', 'customer', 'value', 'description']).toContain(kindOf(await angle('what-they-sell')));
    expect(kindOf(await angle('most-relevant'))).toBe(kindOf(await write(richResearch)));
    // Without a fact of the preferred kinds the prospect opens on what it has.
    const noGrowth = { ...richResearch, facts: richResearch.facts.filter((one) => !['funding', 'hiring'].includes(one.kind)) };
    expect((await write(noGrowth, { decisions: { 'opener-angle': 'growth' } })).sequence[0]!.sentences[1]!.factIds).toHaveLength(1);
    // A campaign whose first emails already open on tech and pain points half the time: the cap wins over the preference.
    const crowded = await write(richResearch, {
      decisions: { 'opener-angle': 'stack-and-problems' },
      campaignOpeners: { firstEmails: 10, kinds: { tech: 5, 'pain-point': 5 } },
    });
    expect(['tech', 'pain-point']).not.toContain(kindOf(crowded));
  });

  it("writes the first subject about the offer when the 'subject-style' arm says so, about the fact otherwise", async () => {
    const aboutThem = (await write(richResearch, { decisions: { 'subject-style': 'about-them' } })).sequence[0]!;
    const aboutOffer = (await write(richResearch, { decisions: { 'subject-style': 'about-the-offer' } })).sequence[0]!;
    expect(aboutThem.subject).toBe((await write(richResearch)).sequence[0]!.subject);
    expect(aboutOffer.subject).not.toBe(aboutThem.subject);
    // The fact's subject names what the opener cites; the offer's does not (the body is the same email).
    expect(aboutOffer.sentences.map((sentence) => sentence.text)).toEqual(aboutThem.sentences.map((sentence) => sentence.text));
    await expect(write(richResearch, { decisions: { 'subject-style': 'shouting' } })).rejects.toThrow(
      /"shouting" is not a value of subject-style/,
    );
  });

  it('orders templates by the given performance and weighs the expected response rate with it', async () => {
    const output = await write(richResearch, { templatePerformance: { 'roi-focused': 0.1, 'pain-point': 0.2, 'value-prop': 0.4 } });
    expect(output.sequence.map((email) => email.template)).toEqual(['value-prop', 'pain-point', 'roi-focused']);
    expect(output.expectedResponseRate).toBe(0.28); // 0.5 × 0.4 + 0.3 × 0.2 + 0.2 × 0.1
    expect((await write(richResearch)).expectedResponseRate).toBe(0.2967);
    // The best template gets a fact that suits it: a value-prop email opens with what they sell or
    // whom they sell to or what they sell with (between those, the prospect's share of chance spreads a campaign's openers).
    expect(['product-headline', 'customer-1', 'tech-salesforce']).toContain(output.sequence[0]?.sentences[1]?.factIds[0]);
  });

  it('gives the same output for the same input, and varies phrasing across prospects', async () => {
    expect(await write(richResearch)).toEqual(await write(richResearch));
    const bodies = new Set<string>();
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example']) {
      const output = await runActivity(outreachPlugin, 'writeSequence', {
        prospect: { ...prospect, email },
        research: richResearch,
        offer,
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

  it('fails, without retrying, listing every broken rule, rather than return copy that breaks them', async () => {
    const broken = { ...offer, oneLiner: 'books meetings for {company} teams', senderName: 'undefined' };
    const failure = await write(richResearch, { offer: broken }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    const { type, nonRetryable, message } = failure as ApplicationFailure;
    expect({ type, nonRetryable }).toEqual({ type: 'CopyLintFailed', nonRetryable: true });
    expect(message).toMatch(/step 1 \(placeholder\): unfilled placeholder \{company\}/);
    expect(message).toMatch(/step 3 \(missing-value\): "undefined" in the copy/);
  });
});
