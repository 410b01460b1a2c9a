import { describe, expect, it } from 'vitest';
import { MAX_REPEATED_SHARE, runCopyEval } from './copy-eval.ts';
import { sentenceShares } from './copy-metrics.ts';

// The outreach writer on one prospect per labelled fixture site, with the sample offer: the copy
// targets of issue #16, asserted. `npm run eval -- copy --verbose` prints the same figures. Each
// expectation lists the failing cases, so a red run says which copy to fix.
describe('copy eval on sites nobody tuned for', async () => {
  const result = await runCopyEval();

  it('writes a sequence for every site and the copy lint refuses none', () => {
    expect(result.prospects).toBeGreaterThanOrEqual(30);
    expect(result.refused).toEqual([]);
    expect(result.emails).toBe(3 * result.prospects);
  });

  it('returns only emails that pass lintEmail again, with no claim that no fact or offer backs', () => {
    expect(result.lintProblems).toEqual([]);
    expect(result.unsupportedClaims).toEqual([]);
  });

  it('repeats no sentence but the offer line (and the signature) in more than 20% of the emails', () => {
    const common = result.sentences
      .filter((sentence) => !sentence.repeatable && sentence.share > MAX_REPEATED_SHARE)
      .map((sentence) => `${sentence.emails}/${result.emails}: ${sentence.text}`);
    expect(common).toEqual([]);
  });
});

describe('sentenceShares', () => {
  const email = (...sentences: Array<[string, 'greeting' | 'ask' | 'offer' | 'sign-off' | undefined]>) => ({
    step: 1 as const,
    dayOffset: 0,
    template: 'roi-focused' as const,
    subject: 'A question',
    body: '',
    sentences: sentences.map(([text, move]) => ({ text, factIds: [], ...(move ? { move } : {}) })),
  });

  it('counts each email once per sentence, equal once lower-cased and spaced alike', () => {
    const shares = sentenceShares([
      email(['Worth 20 minutes?', 'ask'], ['worth  20 MINUTES?', 'ask']),
      email(['Worth 20 minutes?', 'ask']),
      email(['Hi Ava,', 'greeting']),
      email(['Hi Ben,', 'greeting']),
    ]);
    expect(shares[0]).toEqual({ text: 'Worth 20 minutes?', moves: ['ask'], emails: 2, share: 0.5, repeatable: false });
    expect(shares.map((share) => share.emails)).toEqual([2, 1, 1]);
  });

  it('sets the offer line and the signature block aside, never a line without a move', () => {
    const shares = sentenceShares([
      email(['Acme books meetings.', 'offer'], ['Best,\nSam Lee', 'sign-off'], ['A line a model wrote.', undefined]),
    ]);
    expect(Object.fromEntries(shares.map((share) => [share.text, share.repeatable]))).toEqual({
      'Acme books meetings.': true,
      'Best,\nSam Lee': true,
      'A line a model wrote.': false,
    });
  });
});
