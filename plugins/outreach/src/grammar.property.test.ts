// Properties of the grammar gate over offers phrased every way a user might type them: noun
// phrases, gerunds, clauses, verb phrases with and without subject, with and without articles,
// capitalised or not, with or without a final full stop. For every such offer and a prospect
// with or without facts, every email the writer composes passes the grammar gate and the rest
// of the copy lint; and the sentences the issue quoted are refused by the gate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeSequence } from './compose.ts';
import { grammarProblems, offerPhrases } from './grammar.ts';
import { lintSequence } from './lint.ts';
import { OfferSchema, type OfferInput } from './offer.ts';
import { planSequence } from './plan.ts';
import { readPhrase } from './phrasing.ts';
import { DECISION_VALUES, SUBJECT_STYLES } from './schemas.ts';
import { fact, prospect } from './test-fixtures.ts';

const styled = (phrases: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...phrases), fc.boolean(), fc.boolean())
    .map(([text, capital, stop]) => `${capital ? text.charAt(0).toUpperCase() + text.slice(1) : text}${stop ? '.' : ''}`);

const PAINS = {
  noun: ['manual invoice matching', 'an unpredictable pipeline', 'stale CRM data', 'the slow month-end close', 'too many spreadsheets'],
  gerund: ['chasing invoices by hand', 'spending hours on data entry', 'reconciling bank feeds manually'],
  clause: [
    'month-end close takes too long',
    'invoices pile up every month',
    'HubSpot data goes stale',
    'the sales team misses its targets',
  ],
  base: ['reconcile bank feeds by hand'],
};
const VALUES = {
  clause: ['the quarter ends on time', 'your reps spend their hours selling', 'every invoice matches its payment'],
  verbS: ['closes the books in three days instead of ten', 'cuts close time in half', 'keeps every record up to date'],
  base: ['close the books faster'],
  noun: ['a faster month-end close', 'fewer manual hours', 'clean data in every account'],
  gerund: ['closing the books in days'],
};
const ONE_LINERS = [
  'reconciles invoices, payments and bank feeds automatically, so finance teams close the month in days',
  'keeps your CRM clean and enriched without manual data entry',
  'Tallyline reconciles invoices automatically.',
  'We automate accounts payable for mid-size companies',
  'AI bookkeeping for finance teams',
  'automating the month-end close',
];

const pain = styled(Object.values(PAINS).flat());
const value = styled(Object.values(VALUES).flat());
const offer: fc.Arbitrary<OfferInput> = fc.record({
  companyName: fc.constant('Tallyline'),
  oneLiner: styled(ONE_LINERS),
  valueProps: fc.uniqueArray(fc.record({ pain, value }), {
    minLength: 2,
    maxLength: 3,
    // An offer repeating a value is a different problem (the doubled-phrase rule), not one of form.
    selector: (prop) => prop.value.toLowerCase().replace(/\.$/, ''),
  }),
  proofPoints: fc.constantFrom(
    [],
    [{ text: 'Harbor Freightworks cut its close time in half in one quarter.' }],
    [{ text: 'a 40% faster close at Kestrel' }],
  ),
  personas: fc.constant({ titles: ['Controller'] }),
  tone: fc.constantFrom('plain' as const, 'formal' as const),
  callToAction: fc.constant({ meetingMinutes: 20 }),
  senderName: fc.constant('Robin Vale'),
});
const FACTS = [
  fact('hiring-1', 'hiring', '6 open roles listed (Controller; AP Specialist)'),
  fact('funding-1', 'funding', 'Raised $40M Series B, led by Accel (2026)'),
  fact('tech-1', 'tech', 'Uses NetSuite (ERP)'),
  fact('customer-1', 'customer', 'Customer: Kellerhaus Living'),
];
const plan = planSequence({ 'roi-focused': 0.3, 'pain-point': 0.2, 'value-prop': 0.1 }, { step1: 0, step2: 3, step3: 4 });

describe('the grammar gate (properties)', () => {
  it('passes every email the writer composes, whatever form the offer is phrased in, and the rest of the lint too', () => {
    // Whatever an experiment chose for the opener and the subject, too.
    const decisions = fc.record({
      'opener-angle': fc.constantFrom(...DECISION_VALUES['opener-angle']),
      'subject-style': fc.constantFrom(...SUBJECT_STYLES),
    });
    fc.assert(
      fc.property(offer, fc.subarray(FACTS), fc.emailAddress(), decisions, (input, facts, email, decided) => {
        const parsed = OfferSchema.parse(input);
        const context = { plan, facts, prospect: { ...prospect, email }, research: { painPoints: [] }, offer: parsed, decisions: decided };
        const drafts = composeSequence(context);
        expect(lintSequence(drafts, { facts, offer: parsed, prospect: context.prospect })).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('reads each generated phrase in the form it was written in', () => {
    for (const text of PAINS.clause) expect(readPhrase(text).form).toBe('clause');
    for (const text of PAINS.gerund) expect(readPhrase(text).form).toBe('gerund');
    for (const text of VALUES.verbS) expect(readPhrase(text).form).toBe('verb-s');
    for (const text of VALUES.noun) expect(readPhrase(text).form).toBe('noun');
  });

  it('refuses the sentences issue #32 quoted, and passes the same phrases placed by their grammar', () => {
    const phrases = offerPhrases(
      OfferSchema.parse({
        companyName: 'Tallyline',
        oneLiner: 'reconciles invoices, payments and bank feeds automatically, so finance teams close the month in days',
        valueProps: [
          { pain: 'month-end close takes too long', value: 'closes the books in three days instead of ten' },
          { pain: 'manual invoice matching', value: 'a faster close' },
        ],
        proofPoints: [],
        personas: { titles: ['Controller'] },
        tone: 'plain',
        callToAction: { meetingMinutes: 20 },
        senderName: 'Robin Vale',
      }),
    );
    for (const bad of [
      'That usually makes month-end close takes too long more expensive than it looks.',
      'With new people starting, month-end close takes too long decides how soon they pay off.',
      'Every new hire runs into month-end close takes too long in their first weeks.',
      'What Tallyline does is simple: it reconciles invoices, payments and bank feeds automatically, so finance teams close the month in days, so closes the books in three days instead of ten.',
    ])
      expect(grammarProblems(bad, phrases), bad).not.toEqual([]);
    for (const good of [
      'That usually makes a month-end close that takes too long more expensive than it looks.',
      'Teams like yours often tell me that month-end close takes too long.',
      'Tallyline keeps records clean, so your team can close the books in three days instead of ten.',
    ])
      expect(grammarProblems(good, phrases), good).toEqual([]);
  });
});
