import type { Fact } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { allowedWords, telltales, uncitedClaim, unsupportedNumber } from './claims.ts';
import { prospect, sender } from './test-fixtures.ts';

const evidence = { url: 'https://northwind.example/news', snippet: 'Northwind raised a Series B' };
const facts: Fact[] = [
  { id: 'funding', kind: 'funding', value: 'Series B, $40M (2026)', evidence, confidence: 0.9 },
  { id: 'tech', kind: 'tech', value: 'Uses Salesforce', evidence, confidence: 0.9 },
  { id: 'hiring', kind: 'hiring', value: 'Hiring 6 SDRs in Berlin', evidence, confidence: 0.9 },
  { id: 'location', kind: 'location', value: 'Berlin, Germany', evidence, confidence: 0.9 },
];
const allowed = allowedWords(prospect, sender);

describe('telltales', () => {
  it('keeps specific words and numbers, drops generic words, names and one-digit numbers', () => {
    expect(telltales(facts[0] as Fact, allowed)).toEqual(['series', '40', '2026']);
    expect(telltales(facts[1] as Fact, allowed)).toEqual(['salesforce']);
    expect(telltales(facts[2] as Fact, allowed)).toEqual(['sdrs', 'berlin']);
    expect(telltales({ ...(facts[1] as Fact), value: 'Northwind Analytics team' }, allowed)).toEqual([]);
  });
});

describe('uncitedClaim', () => {
  it("flags a fact's words in a sentence that does not cite it", () => {
    expect(uncitedClaim('Congrats on the Series B!', [], facts, allowed)).toMatch(/"series" from fact funding/);
    expect(uncitedClaim('Your Salesforce setup looks great.', ['funding'], facts, allowed)).toMatch(/fact tech/);
    expect(uncitedClaim('Raising 40 million is no small thing.', [], facts, allowed)).toMatch(/"40" from fact funding/);
  });

  it('accepts a sentence citing the fact, and words a cited fact shares with another', () => {
    expect(uncitedClaim('Congrats on the Series B (2026).', ['funding'], facts, allowed)).toBeNull();
    expect(uncitedClaim('Saw you are hiring SDRs in Berlin.', ['hiring'], facts, allowed)).toBeNull();
  });

  it('accepts generic lines about the sender and the prospect record', () => {
    expect(
      uncitedClaim('Hi Dana, Meetflow books qualified meetings for the VP Sales at Northwind Analytics.', [], facts, allowed),
    ).toBeNull();
  });
});

describe('unsupportedNumber', () => {
  it('flags a number a citing sentence does not get from its facts', () => {
    expect(unsupportedNumber('Congrats on the $100M Series B.', ['funding'], facts, allowed)).toMatch(/states 100/);
    expect(unsupportedNumber('Congrats on the $40M Series B in 2026.', ['funding'], facts, allowed)).toBeNull();
  });

  it('ignores durations and sentences that cite nothing', () => {
    expect(unsupportedNumber('Saw the Series B (2026); worth a 15-minute call?', ['funding'], facts, allowed)).toBeNull();
    expect(unsupportedNumber('We book 30 meetings a month.', [], facts, allowed)).toBeNull();
  });
});
