import { describe, expect, it } from 'vitest';
import type { DraftEmail } from './compose.ts';
import { lintEmail, type LintContext, type LintRule } from './lint.ts';
import { OfferSchema } from './offer.ts';
import { fact, offer, prospect } from './test-fixtures.ts';

const context: LintContext = {
  facts: [
    fact('funding-1', 'funding', 'Raised $40M Series B, led by Accel (2026)', 0.85, 'Northwind raised a $40M Series B led by Accel.'),
    fact('tech-salesforce', 'tech', 'Uses Salesforce (CRM)'),
  ],
  offer: OfferSchema.parse(offer),
  prospect,
};

const s = (text: string, ...factIds: string[]) => ({ text, factIds });
const signOff = s('Best,\nSam Lee, Head of Growth\nMeetflow');

/** An email a rep would send; each case below breaks one rule of it. */
const good: DraftEmail = {
  step: 1,
  subject: 'Your Series B',
  sentences: [
    s('Hi Dana,'),
    s('Congrats on closing your $40M Series B.', 'funding-1'),
    s('After a raise, slow ramp for new reps is usually what stands between the plan and the pipeline.', 'funding-1'),
    s('Meetflow books qualified sales meetings with your ideal customers, so new hires have meetings in their first week.'),
    s('Kestrel Precision booked 41 qualified meetings in its first month.'),
    s('Worth 20 minutes next week to see how this would work at Northwind Analytics?'),
    signOff,
  ],
};

/** The email with sentence `index` replaced (or added at the end of the body when index is past it). */
const withSentence = (index: number, sentence: { text: string; factIds: string[] }): DraftEmail => ({
  ...good,
  sentences: good.sentences.map((current, at) => (at === index ? sentence : current)),
});
const rulesOf = (email: DraftEmail) => [...new Set(lintEmail(email, context).map((problem) => problem.rule))];

describe('copy lint', () => {
  it('passes an email a rep would send', () => {
    expect(lintEmail(good, context)).toEqual([]);
  });

  it.each<[LintRule, DraftEmail, RegExp]>([
    ['placeholder', withSentence(0, s('Hi {firstName},')), /unfilled placeholder \{firstName\}/],
    ['placeholder', { ...good, subject: 'For [company]' }, /unfilled placeholder \[company\]/],
    ['placeholder', withSentence(0, s('Hi {{ firstName }},')), /unfilled placeholder \{\{ firstName \}\}/],
    [
      'raw-label',
      withSentence(1, s('Congratulations on the funding news (Raised Series B).', 'funding-1')),
      /value in parentheses \(Raised Series B\)/,
    ],
    [
      'raw-label',
      withSentence(1, s('I saw what Northwind Analytics offers, Headline: Forecast every deal.', 'funding-1')),
      /raw field label "Headline:"/,
    ],
    ['missing-value', withSentence(0, s('Hi undefined,')), /"undefined" in the copy/],
    ['missing-value', withSentence(5, s('Worth 20 minutes next week to talk about NaN?')), /"NaN" in the copy/],
    [
      'doubled-phrase',
      withSentence(4, s('So new hires have meetings in their first week, every week.')),
      /"new hires have meetings" appears twice/,
    ],
    ['doubled-phrase', withSentence(6, s('Best,\nDefault workspace, Default workspace')), /"default workspace" twice in the line/],
    ['length', withSentence(4, s(Array.from({ length: 100 }, () => 'more').join(' '))), /the body has 1\d\d words \(at most 120\)/],
    [
      'subject',
      { ...good, subject: 'A very long subject line that goes on and on about Northwind Analytics' },
      /the subject has 70 characters/,
    ],
    ['subject', { ...good, subject: 'URGENT: your Series B' }, /the subject shouts "URGENT"/],
    ['subject', { ...good, subject: 'Your Series B!!' }, /"!!"/],
    ['subject', { ...good, subject: 'A free audit for Northwind Analytics' }, /says "free", a spam trigger/],
    ['subject', { ...good, subject: 'Guaranteed meetings' }, /says "Guaranteed"/],
    ['question', withSentence(5, s('Happy to share more.')), /0 questions/],
    ['question', withSentence(4, s('Did you see that?')), /2 questions/],
    [
      'offer',
      {
        ...good,
        sentences: good.sentences
          .filter((_, index) => index !== 4)
          .map((sentence, index) => (index === 3 ? s('We are a small team that loves sales.') : sentence)),
      },
      /never says what Meetflow offers/,
    ],
    ['grounding', withSentence(2, s('Congrats on your Series B.')), /mentions "series"|says "series"/],
    [
      'grounding',
      withSentence(1, s('Congrats on closing your $100M Series B.', 'funding-1')),
      /says "100", which neither its cited facts nor the offer hold/,
    ],
    ['grounding', withSentence(1, s('Congrats on the raise and on your new office in Tokyo.', 'funding-1')), /says "tokyo"/],
    ['grounding', withSentence(4, s('Acme Robotics booked 41 meetings with us.')), /says "acme"/],
    [
      'grounding',
      withSentence(2, s('Congrats on the new funding, slow ramp for new reps will follow.')),
      /mentions "funding" without citing a fact/,
    ],
    ['grounding', withSentence(1, s('Congrats on closing your $40M Series B.', 'funding-9')), /cites funding-9, which no research fact is/],
    ['grounding', { ...good, subject: 'Your Snowflake setup' }, /subject: .*"snowflake"/],
  ])('flags %s: %s', (rule, email, reason) => {
    const problems = lintEmail(email, context);
    expect(rulesOf(email)).toContain(rule);
    expect(problems.map((problem) => problem.reason).join('\n')).toMatch(reason);
  });

  it('lets a subject name what the body cites, and sentences name what the offer and the prospect record hold', () => {
    const email = { ...good, subject: 'Salesforce and your Series B', sentences: [...good.sentences] };
    email.sentences.splice(
      2,
      1,
      s('Even with your Salesforce setup, slow ramp for new reps tends to stay a manual job.', 'tech-salesforce'),
    );
    expect(lintEmail(email, context)).toEqual([]);
    expect(lintEmail(withSentence(0, s('Hi Dana, as VP Sales at Northwind Analytics,')), context)).toEqual([]);
  });

  it('lets a long company name appear twice: a name is one word to the doubled-phrase rule', () => {
    const named = { ...context, prospect: { ...prospect, company: 'Shapes 23bd032c Trading Company' } };
    const email = withSentence(5, s('Worth 20 minutes next week to see how this would work at Shapes 23bd032c Trading Company?'));
    email.sentences.splice(1, 0, s('I have been reading about Shapes 23bd032c Trading Company.'));
    expect(lintEmail(email, named).filter((problem) => problem.rule === 'doubled-phrase')).toEqual([]);
    expect(lintEmail(email, context).filter((problem) => problem.rule === 'doubled-phrase')).not.toEqual([]);
  });
});
