import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { extractSize, HEADCOUNT_CUE, matchesEmployeeRule, withDigits } from './size.ts';
import { sentencesIn } from './text.ts';

// HEADCOUNT_CUE lets a sentence skip compromise's reading of its numbers in words: it must hold
// only where no employee rule could match the sentence, read either way. Checked on every sentence
// of the research fixtures' 481 pages that has a number in words, so a rule added without its cue fails here.

const FIXTURES = resolve(import.meta.dirname, '..', '..', 'fixtures');
const NUMBER_IN_WORDS = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen)\b/i;

function fixtureSentences(): string[] {
  const files = (readdirSync(FIXTURES, { recursive: true }) as string[]).filter((file) => file.endsWith('.html'));
  return files.flatMap((file) =>
    sentencesIn(
      [pageFrom(readFileSync(join(FIXTURES, file), 'utf8'), { url: `https://${file.split('/')[1] ?? 'site'}.example/` })],
      true,
    ).map((sentence) => sentence.text),
  );
}

describe('the headcount cue', () => {
  it('is missing only from sentences no employee rule matches, their numbers in words read as digits or not', () => {
    const withNumbers = fixtureSentences().filter((text) => NUMBER_IN_WORDS.test(text));
    const skipped = withNumbers.filter((text) => !HEADCOUNT_CUE.test(text));
    // Enough of both for the check to mean something.
    expect(skipped.length).toBeGreaterThan(50);
    expect(withNumbers.length - skipped.length).toBeGreaterThan(50);
    expect(skipped.filter((text) => matchesEmployeeRule(text) || matchesEmployeeRule(withDigits(text)))).toEqual([]);
  });

  it('still lets a headcount in words through', () => {
    const employees = (text: string) => extractSize([pageFrom(`<p>${text}</p>`)]).employees;
    expect(employees('We are a team of thirty-two.')).toBe('32 employees');
    expect(employees('Two hundred and forty people work here.')).toBe('240 employees');
    expect(employees('A forty-strong crew.')).toBe('40 employees');
    expect(employees('One place for every invoice, with twelve integrations.')).toBeNull();
  });
});
