// Properties of the copy lint (lintEmail, lintSequence), over emails built from generated facts:
// - an email whose every number and name comes from a fact its sentence cites (or from the offer
//   and the prospect record) has no grounding problem, its subject naming a cited fact included;
// - inserting a number or a name that no fact, offer or record holds, in any sentence or the
//   subject, yields a grounding problem quoting it; a claim only a fact backs is flagged in a
//   sentence that does not cite that fact; citing an id that is no fact is flagged;
// - facts no sentence cites change nothing;
// - on arbitrary strings (copy, ids, names, offer, signature) the lint never throws, names only
//   its own rules, gives the same answer twice, and lintSequence lists exactly lintEmail's problems.
import type { Fact } from '@meetflow/plugin-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DraftEmail } from './compose.ts';
import { wordsOf } from './grounding.ts';
import { lintEmail, lintSequence, STYLE_RULES, type LintContext } from './lint.ts';
import { OfferSchema, offerText } from './offer.ts';
import { fact, offer, prospect } from './test-fixtures.ts';

const baseContext: LintContext = { facts: [], offer: OfferSchema.parse(offer), prospect };
const s = (text: string, ...factIds: string[]) => ({ text, factIds });

/**
 * A made-up proper name no dictionary, offer or record holds ("Zqorvat", "Øqorvat"): a capital of
 * any script, then `q`, keeps it clear of common words.
 */
const name = fc
  .tuple(fc.constantFrom('Z', 'Ö', 'Ø', 'Š', 'É', 'Ł', 'Ž'), fc.stringMatching(/^[a-z]{3,7}$/))
  .map(([capital, rest]) => `${capital}q${rest}`);
/** A number as copy writes it: 40, 1,200 or $40M. */
const number = fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.constantFrom('plain', 'grouped', 'money')).map(([value, style]) => ({
  value,
  text: style === 'grouped' ? value.toLocaleString('en-US') : style === 'money' ? `$${value}M` : String(value),
}));
const claim = fc.oneof(
  name.map((text) => ({ text, token: text.toLowerCase() })),
  number.map(({ value, text }) => ({ text, token: String(value) })),
);

/** A researched fact whose value holds a few specific claims. */
const researched = (id: string) =>
  fc
    .record({
      kind: fc.constantFrom('funding', 'hiring', 'product', 'tech', 'customer', 'location', 'description'),
      claims: fc.array(claim, { minLength: 1, maxLength: 3 }),
    })
    .map(({ kind, claims }) => ({ fact: fact(id, kind, `Noted: ${claims.map((one) => one.text).join(', ')}`), claims }));

/** Words and numbers anywhere in the context: a claim is fresh when none of its words is among them. */
const contextWords = (context: LintContext) =>
  new Set(
    wordsOf(
      [
        offerText(context.offer),
        ...Object.values(context.prospect),
        ...context.facts.map((one) => `${one.value}\n${one.evidence.snippet}`),
      ].join('\n'),
    ),
  );

/**
 * A grounded email: a greeting and a call to action from the prospect record and the offer, then
 * one sentence per fact restating some of its claims and citing it; the subject may name one of them.
 */
const grounded = fc
  .integer({ min: 1, max: 4 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => researched(`fact-${index + 1}`))))
  .chain((facts) =>
    fc
      .record({
        picks: fc.tuple(...facts.map(({ claims }) => fc.subarray(claims, { minLength: 1 }))),
        subjectClaim: fc.option(fc.constantFrom(...facts.flatMap(({ claims }) => claims))),
      })
      .map(({ picks, subjectClaim }) => {
        const context: LintContext = { ...baseContext, facts: facts.map((one) => one.fact) };
        // The sentences restating facts come right after the greeting, one per fact.
        const restated = picks.map((claims, index) => ({ sentence: index + 1, tokens: claims.map((one) => one.token) }));
        const email: DraftEmail = {
          step: 1,
          subject: subjectClaim ? `Quick question about ${subjectClaim.text}` : 'Quick question',
          sentences: [
            s('Hi Dana,'),
            ...picks.map((claims, index) =>
              s(`Glad to see ${claims.map((one) => one.text).join(' and ')} at work.`, facts[index]!.fact.id),
            ),
            s('Meetflow books qualified sales meetings with your ideal customers.'),
            s('Worth 20 minutes next week to see how this would work at Northwind Analytics?'),
            s('Best,\nSam Lee, Head of Growth\nMeetflow'),
          ],
        };
        return { context, email, restated };
      }),
  );

const groundingProblems = (email: DraftEmail, context: LintContext) =>
  lintEmail(email, context).filter((problem) => problem.rule === 'grounding');

/** The text with ` insert ` put in place of its `at`-th whitespace character (appended when it has none). */
function insertAtSpace(text: string, insert: string, at: number): string {
  const spaces = [...text.matchAll(/\s/g)].map((match) => match.index);
  if (spaces.length === 0) return `${text} ${insert}`;
  const index = spaces[at % spaces.length]!;
  return `${text.slice(0, index)} ${insert} ${text.slice(index + 1)}`;
}

describe('lintEmail grounding (properties)', () => {
  it('finds no grounding problem when every claim comes from a cited fact, the offer or the prospect record', () => {
    fc.assert(
      fc.property(grounded, ({ email, context }) => {
        expect(groundingProblems(email, context)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('flags a number or a name no fact, offer or record holds, wherever it is inserted', () => {
    fc.assert(
      fc.property(grounded, claim, fc.nat(), fc.nat(), (case_, inserted, where, at) => {
        const { email, context } = case_;
        fc.pre(!contextWords(context).has(inserted.token));
        const target = where % (email.sentences.length + 1);
        const changed: DraftEmail =
          target === email.sentences.length
            ? { ...email, subject: insertAtSpace(email.subject, inserted.text, at) }
            : {
                ...email,
                sentences: email.sentences.map((sentence, index) =>
                  index === target ? { ...sentence, text: insertAtSpace(sentence.text, inserted.text, at) } : sentence,
                ),
              };
        const reasons = groundingProblems(changed, context).map((problem) => problem.reason);
        const quoted = reasons.filter((reason) =>
          reason.includes(`says "${inserted.token}", which neither its cited facts nor the offer hold`),
        );
        expect(quoted).toHaveLength(1);
        if (target === email.sentences.length) expect(quoted[0]).toMatch(/^subject: /);
      }),
      { numRuns: 200 },
    );
  });

  it('flags a claim only a fact backs in a sentence that does not cite that fact', () => {
    const shared = new Set(wordsOf([offerText(baseContext.offer), ...Object.values(prospect)].join('\n')));
    fc.assert(
      fc.property(grounded, fc.nat(), ({ email, context, restated }, pick) => {
        const { sentence, tokens } = restated[pick % restated.length]!;
        fc.pre(tokens.some((token) => !shared.has(token)));
        const uncited = { ...email, sentences: email.sentences.map((one, index) => (index === sentence ? { ...one, factIds: [] } : one)) };
        const reasons = groundingProblems(uncited, context).map((problem) => problem.reason);
        const text = email.sentences[sentence]!.text;
        for (const token of tokens.filter((one) => !shared.has(one)))
          expect(reasons).toContain(`"${text}" says "${token}", which neither its cited facts nor the offer hold`);
        // Nothing else is flagged but that sentence and, when it names the fact's claim, the subject.
        for (const reason of reasons) expect(reason.startsWith(`"${text}"`) || reason.startsWith('subject: ')).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('flags a citation of an id that is no fact', () => {
    fc.assert(
      fc.property(grounded, fc.string({ minLength: 1, maxLength: 12 }), fc.nat(), ({ email, context }, id, where) => {
        fc.pre(!context.facts.some((one) => one.id === id));
        const target = where % email.sentences.length;
        const changed = {
          ...email,
          sentences: email.sentences.map((sentence, index) =>
            index === target ? { ...sentence, factIds: [...sentence.factIds, id] } : sentence,
          ),
        };
        expect(groundingProblems(changed, context).map((problem) => problem.reason)).toContain(
          `"${email.sentences[target]!.text}" cites ${id}, which no research fact is`,
        );
      }),
      { numRuns: 150 },
    );
  });

  it('is unchanged by facts that no sentence cites', () => {
    fc.assert(
      fc.property(grounded, fc.array(researched('spare'), { minLength: 1, maxLength: 3 }), ({ email, context }, spares) => {
        const extra: Fact[] = spares.map((one, index) => ({ ...one.fact, id: `spare-${index}` }));
        expect(lintEmail(email, { ...context, facts: [...context.facts, ...extra] })).toEqual(lintEmail(email, context));
      }),
      { numRuns: 150 },
    );
  });
});

describe('lintEmail and lintSequence on arbitrary strings (properties)', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom('{{ x }}', '[', '(', '$1', '\\', '?', ''),
  );
  const anyFact = fc.record({
    id: fc.string({ minLength: 1, maxLength: 8 }),
    kind: fc.oneof(fc.constantFrom('funding', 'hiring', 'tech'), fc.string({ minLength: 1, maxLength: 8 })),
    value: fc.string({ minLength: 1, maxLength: 40 }),
    evidence: fc.record({ url: fc.constant('https://acme.example/'), snippet: fc.string({ minLength: 1, maxLength: 40 }) }),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  });
  const anyContext: fc.Arbitrary<LintContext> = fc
    .record({
      facts: fc.array(anyFact, { maxLength: 4 }),
      names: fc.record({ firstName: text, lastName: text, jobTitle: text, company: text }),
      offer: fc.record({ companyName: text, senderName: text, oneLiner: text }),
      signature: fc.option(text, { nil: undefined }),
    })
    .map(({ facts, names, offer: parts, signature }) => ({
      facts,
      prospect: { ...prospect, ...names },
      offer: { ...baseContext.offer, ...parts },
      ...(signature === undefined ? {} : { signature }),
    }));
  const anyEmail = (ids: fc.Arbitrary<string>): fc.Arbitrary<DraftEmail> =>
    fc.record({
      step: fc.constantFrom<1 | 2 | 3>(1, 2, 3),
      subject: text,
      sentences: fc.array(fc.record({ text, factIds: fc.array(ids, { maxLength: 2 }) }), { maxLength: 6 }),
    });
  const scenario = anyContext.chain((context) =>
    fc.record({
      context: fc.constant(context),
      emails: fc.array(
        anyEmail(
          fc.oneof(
            fc.string({ maxLength: 8 }),
            ...(context.facts.length > 0 ? [fc.constantFrom(...context.facts.map((one) => one.id))] : []),
          ),
        ),
        {
          minLength: 1,
          maxLength: 3,
        },
      ),
    }),
  );

  it('never throws, names only its own rules, answers the same twice, and lintSequence lists exactly its problems', () => {
    fc.assert(
      fc.property(scenario, ({ context, emails }) => {
        const perEmail = emails.map((email) => lintEmail(email, context));
        for (const [index, problems] of perEmail.entries()) {
          for (const problem of problems) {
            expect(Object.keys(STYLE_RULES)).toContain(problem.rule);
            expect(typeof problem.reason).toBe('string');
          }
          expect(lintEmail(structuredClone(emails[index]!), context)).toEqual(problems);
        }
        const lines = lintSequence(emails, context);
        expect(lines).toEqual(
          emails.flatMap((email, index) => perEmail[index]!.map(({ rule, reason }) => `step ${email.step} (${rule}): ${reason}`)),
        );
      }),
      { numRuns: 200 },
    );
  });
});
