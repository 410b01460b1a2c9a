import { describe, expect, it } from 'vitest';
import { sentencesOf, termsOf, withSentenceCache } from './terms.ts';

describe('sentencesOf', () => {
  it("reads a text's sentences and their tagged terms", () => {
    const sentences = sentencesOf('Dispatchers re-key orders. Drivers wait.');
    expect(sentences).toHaveLength(2);
    expect(sentences[0]!.terms.map((term) => term.text)).toEqual(['Dispatchers', 're-key', 'orders']);
    expect(termsOf('Drivers wait.').find((term) => term.text === 'wait')?.tags).toContain('Verb');
  });

  it('parses a text once inside one extraction, and again in the next', () => {
    const text = 'Site managers chase paper forms every Friday.';
    const [first, again, nested] = withSentenceCache(() => [
      sentencesOf(text),
      sentencesOf(text),
      withSentenceCache(() => sentencesOf(text)),
    ]);
    expect(again).toBe(first);
    expect(nested).toBe(first); // an inner extraction shares the outer one's cache
    const next = withSentenceCache(() => sentencesOf(text));
    expect(next).not.toBe(first); // nothing kept from one company to the next
    const read = (sentences: typeof first) => sentences.flatMap((sentence) => sentence.terms.map((term) => [term.text, term.tags]));
    expect(read(next)).toEqual(read(first)); // the same reading (compromise numbers each parse's terms anew)
    expect(sentencesOf(text)).not.toBe(sentencesOf(text)); // outside any extraction, every call parses
  });

  it('drops the cache when the extraction throws', () => {
    const text = 'Planners rebuild the rota by hand.';
    let inside: unknown;
    expect(() =>
      withSentenceCache(() => {
        inside = sentencesOf(text);
        throw new Error('extractor failed');
      }),
    ).toThrow('extractor failed');
    expect(sentencesOf(text)).not.toBe(inside);
  });
});
