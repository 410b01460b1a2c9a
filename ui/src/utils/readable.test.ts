import { describe, expect, it } from 'vitest';
import { inlineText, LIST_LIMIT, readable, recordTitle, scalarText } from './readable.ts';

describe('readable', () => {
  it('lays a step output out as labelled fields, lists as lists', () => {
    const output = {
      totalScore: 30,
      qualified: false,
      dimensions: [{ label: 'Company size', points: 10.7 }],
      techStack: ['Stripe', 'Heap'],
    };
    expect(readable(output)).toEqual({
      kind: 'fields',
      fields: [
        { key: 'totalScore', label: 'Total score', value: { kind: 'text', text: '30' } },
        { key: 'qualified', label: 'Qualified', value: { kind: 'text', text: 'no' } },
        {
          key: 'dimensions',
          label: 'Dimensions',
          value: {
            kind: 'list',
            more: 0,
            items: [
              {
                kind: 'fields',
                fields: [
                  { key: 'label', label: 'Label', value: { kind: 'text', text: 'Company size' } },
                  { key: 'points', label: 'Points', value: { kind: 'text', text: '10.7' } },
                ],
              },
            ],
          },
        },
        {
          key: 'techStack',
          label: 'Tech stack',
          value: {
            kind: 'list',
            more: 0,
            items: [
              { kind: 'text', text: 'Stripe' },
              { kind: 'text', text: 'Heap' },
            ],
          },
        },
      ],
    });
    const dimensions = readable(output);
    const list = dimensions.kind === 'fields' ? dimensions.fields[2]!.value : undefined;
    expect(list?.kind === 'list' ? recordTitle(list.items[0]!) : undefined).toBe('Company size');
  });

  it('never shows null, undefined, NaN, markup or a raw timestamp', () => {
    expect(scalarText(null)).toEqual({ text: '—', muted: true });
    expect(scalarText(undefined)).toEqual({ text: '—', muted: true });
    expect(scalarText(Number.NaN).text).toBe('—');
    expect(scalarText(1000).text).toBe('1,000');
    expect(scalarText('<button type="submit">Go</button>').text).toBe('Go');
    expect(scalarText('').text).toBe('(empty)');
    expect(scalarText(new Date(2025, 2, 12, 14, 3).toISOString()).text).toBe('Mar 12, 2025, 2:03 PM');
    expect(readable({})).toEqual({ kind: 'text', text: 'none', muted: true });
    expect(readable([])).toEqual({ kind: 'text', text: 'none', muted: true });
  });

  it('lays out the first items of a long list and counts the rest', () => {
    const long = readable(Array.from({ length: LIST_LIMIT + 7 }, (_, index) => index));
    expect(long.kind === 'list' && [long.items.length, long.more]).toEqual([LIST_LIMIT, 7]);
  });
});

describe('inlineText', () => {
  it('writes a nested config value in one line, never [object Object]', () => {
    const sending = {
      mode: 'review',
      timeZone: 'UTC',
      window: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' },
      gapMinutes: { min: 8, max: 15 },
      newProspectsPerDomainPerDay: 2,
      trackOpens: false,
    };
    expect(inlineText(sending)).toBe(
      'Mode: review · Time zone: UTC · Window: days 1, 2, 3, 4, 5, start 08:00, end 17:00 · Gap minutes: min 8, max 15 · New prospects per domain per day: 2 · Track opens: off',
    );
    expect(inlineText({ a: { b: { c: 1 } } })).toBe('A: b (c 1)');
    expect(inlineText({ companySize: 0.35, industryMatch: 0.28 })).toBe('Company size: 0.35 · Industry match: 0.28');
  });
});
