import { describe, expect, it } from 'vitest';
import { extractJobTitles } from './job-titles.ts';

const titles = (...texts: string[]) => extractJobTitles(texts).map((mention) => mention.title);

describe('extractJobTitles', () => {
  it('reads ranks with "of", C-level acronyms and chief titles from testimonials', () => {
    expect(titles('“It cut our forecast call to 20 minutes,” says Maya Patel, VP of Sales at Brightwave.')).toEqual(['VP of Sales']);
    expect(titles('“Our CRO trusts the number,” says Tom Becker, Head of RevOps at Lumenstack.')).toEqual(['CRO', 'Head of RevOps']);
    expect(titles('Ana Souza, Head of Sales Operations at Parcelry, and their Chief Financial Officer agree.')).toEqual([
      'Head of Sales Operations',
      'Chief Financial Officer',
    ]);
    expect(titles('The Vice President of Marketing and the SVP Sales signed off.')).toEqual(['VP of Marketing', 'SVP of Sales']);
    expect(titles('Built for the VP of Sales and RevOps leaders, and the Director of Sales & Marketing.')).toEqual([
      'VP of Sales',
      'RevOps Leader',
      'Director of Sales & Marketing',
    ]);
  });

  it('reads function-and-role phrases in any case, singular and consistently spelled', () => {
    expect(titles('Sales leaders and RevOps managers struggle with manual forecasting.')).toEqual(['Sales Leader', 'RevOps Manager']);
    expect(titles('Plant managers and procurement managers struggle with lead times; our account executives love it.')).toEqual([
      'Plant Manager',
      'Procurement Manager',
      'Account Executive',
    ]);
    expect(titles('Built for SDRs and BDRs.')).toEqual(['SDR', 'BDR']);
  });

  it('keeps the first text that names each title and ignores words that are not titles', () => {
    const mentions = extractJobTitles([
      'VP of Sales teams love it.',
      'Every VP of Sales agrees.',
      'The sales team and the leaders of tomorrow.',
    ]);
    expect(mentions).toEqual([{ title: 'VP of Sales', snippet: 'VP of Sales teams love it.' }]);
    expect(titles('Our customers include Fortune 500 companies, and it leads to faster deals.')).toEqual([]);
  });
});
