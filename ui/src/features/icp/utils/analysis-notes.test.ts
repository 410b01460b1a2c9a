import { describe, expect, it } from 'vitest';
import { cleanQuote, readAnalysisNotes, siteHeadline, type NoteSegment } from './analysis-notes.ts';

// Lines as the platform's ICP analysis writes them (platform/src/features/prospecting/icp/notes.ts).
const NOTES = [
  'Analysed 2 of 3 customer sites. Overall confidence 0.58 = mean research confidence over the 3 URLs given, a site that could not be read counting 0.',
  'Pipeline Pilot (http://127.0.0.1:4000/pipelinepilot/): industry Sales technology (matched: pipeline, deal) from "Pipeline Pilot reads the deals in your CRM."; ' +
    'size 90 employees from "Pipeline Pilot is a 90-person company."; revenue $14M ARR; ' +
    'titles VP of Sales, RevOps Leader (audience: "Pipeline Pilot gives the VP of Sales a forecast."), CRO, Head of RevOps (testimonial: ' +
    '"“Our CRO finally trusts the number,” says Tom Becker, Head of RevOps at Lumensta…"); business tools HubSpot, Stripe; ' +
    'infrastructure (not a criterion) Open Graph; pain points forecasting from spreadsheets ("Still forecasting from spreadsheets?"); ' +
    'missed quota; value claims "“Pipeline Pilot cut our weekly forecast call"; "How Brightwave cut its forecast call"; ' +
    'research confidence 0.88, 5 of 6 pages read.',
  'Quiet Co (https://quiet.example/): industry not stated clearly; no headcount stated; no buyer titles named; no business tools fingerprinted; no pain points stated; research confidence 0.30, 1 of 6 pages read.',
  'Not analysed: https://down.example/: Cannot research https://down.example/: the site did not answer',
  'Slice "Sales technology · 50-200 employees": Pipeline Pilot stands alone: industry Sales technology.',
  'Volumes: estimatedVolume = companies in the industry × share in the size band, to the nearest 10.',
].join('\n');

/** A finding's items as the screen reads them. */
const words = (items: readonly NoteSegment[][]) =>
  items.map((item) => item.map((part) => ('quote' in part ? part.quote : part.text)).join(''));

describe('readAnalysisNotes', () => {
  const read = readAnalysisNotes(NOTES);

  it('reads each kind of line', () => {
    expect(read.summary).toEqual([expect.stringMatching(/^Analysed 2 of 3 customer sites\./)]);
    expect(read.sites.map((site) => [site.name, site.url])).toEqual([
      ['Pipeline Pilot', 'http://127.0.0.1:4000/pipelinepilot/'],
      ['Quiet Co', 'https://quiet.example/'],
    ]);
    expect(read.failed).toEqual([
      { url: 'https://down.example/', reason: 'Cannot research https://down.example/: the site did not answer' },
    ]);
    expect(read.slices).toEqual([
      { name: 'Sales technology · 50-200 employees', reason: 'Pipeline Pilot stands alone: industry Sales technology' },
    ]);
    expect(read.other).toEqual([expect.stringMatching(/^Volumes: /)]);
  });

  it("lays a site's findings out by label, each beside the words it was read from, lists as lists", () => {
    const [site] = read.sites;
    const findings = Object.fromEntries(site!.findings.map((finding) => [finding.label, words(finding.items)]));
    expect(findings).toEqual({
      Industry: ['Sales technology (matched: pipeline, deal) from “Pipeline Pilot reads the deals in your CRM.”'],
      Size: ['90 employees from “Pipeline Pilot is a 90-person company.”'],
      Revenue: ['$14M ARR'],
      'Buyer titles': [
        'VP of Sales, RevOps Leader (audience: “Pipeline Pilot gives the VP of Sales a forecast.”)',
        // The testimonial keeps its own quote marks (not doubled), and the cut word ("Lumensta…") is gone.
        'CRO, Head of RevOps (testimonial: “Our CRO finally trusts the number,” says Tom Becker, Head of RevOps at…)',
      ],
      'Business tools': ['HubSpot', 'Stripe'],
      'Infrastructure (not a criterion)': ['Open Graph'],
      'Pain points': ['forecasting from spreadsheets (“Still forecasting from spreadsheets?”)', 'missed quota'],
      'Value claims': ['“Pipeline Pilot cut our weekly forecast call…”', '“How Brightwave cut its forecast call”'],
      'Research confidence': ['88%, 5 of 6 pages read'],
    });
    expect(siteHeadline(site!)).toBe('Sales technology · 90 employees · 88% research confidence');
  });

  it('says what a site did not state', () => {
    const quiet = read.sites[1]!;
    expect(quiet.findings.map((finding) => [finding.label, words(finding.items)[0]])).toEqual([
      ['Industry', 'not stated clearly'],
      ['Size', 'no headcount stated'],
      ['Buyer titles', 'none named'],
      ['Business tools', 'none found'],
      ['Pain points', 'none stated'],
      ['Research confidence', '30%, 1 of 6 pages read'],
    ]);
    expect(siteHeadline(quiet)).toBe('not stated clearly · no headcount stated · 30% research confidence');
  });

  it('keeps a line of no known shape, as plain words', () => {
    expect(readAnalysisNotes('Something new: <b>bold</b> claim\n\n').other).toEqual(['Something new: bold claim']);
  });
});

describe('cleanQuote', () => {
  it('gives every quote one pair of quote marks, words for markup, and no half word', () => {
    expect(cleanQuote('Plain words.')).toBe('“Plain words.”');
    expect(cleanQuote('“Already a quote.”')).toBe('“Already a quote.”');
    expect(cleanQuote('"Straight quoted"')).toBe('“Straight quoted”');
    expect(cleanQuote('<button type="submit" class="cta">Book a demo</button>')).toBe('“Book a demo”');
    expect(cleanQuote('A sentence the notes cut in the midd…')).toBe('“A sentence the notes cut in the…”');
  });
});
