import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { extractPainPoints } from './pain-points.ts';

const pains = (html: string, kind: Parameters<typeof pageFrom>[1] = {}) =>
  extractPainPoints([pageFrom(html, kind)]).map((draft) => draft.value);

describe('pains a site states without a cue word', () => {
  it("reads every clause of what the buyers go through where the page states its problem, in the site's words", () => {
    const html = `<h1>Dispatch that keeps up</h1>
      <p>Dispatchers at regional carriers book loads over the phone, retype rate confirmations into two systems and learn about late deliveries from angry shippers.</p>
      <h2>How it works</h2>
      <p>Dispatchers assign loads from one screen and drivers confirm in the app.</p>`;
    expect(pains(html)).toEqual([
      'book loads over the phone',
      'retype rate confirmations into two systems',
      'learn about late deliveries from angry shippers',
    ]);
    const drafts = extractPainPoints([pageFrom(html)]);
    expect(drafts[0]).toMatchObject({ kind: 'pain-point', snippet: expect.stringMatching(/^Dispatchers at regional carriers book loads/) });
  });

  it('reads a problem after a colon, and one stated as a thing of the past', () => {
    expect(
      pains('<h1>Know your margin</h1><p>Store owners are guessing: supplier invoices arrive as PDFs and price changes slip through.</p>'),
    ).toEqual(['are guessing', 'supplier invoices arrive as PDFs', 'price changes slip through']);
    expect(pains('<p>Double-entered orders and midnight stock counts are a thing of the past.</p>')).toEqual([
      'double-entered orders',
      'midnight stock counts',
    ]);
  });

  it('reads why buyers come, a short line listing problems, and the time spent on one', () => {
    expect(pains('<p>Clinics call us when their billing partner loses claims or misses filing deadlines.</p>')).toEqual([
      'billing partner loses claims',
      'misses filing deadlines',
    ]);
    expect(pains('<table><tr><th>Before</th></tr><tr><td>Missed renewals and surprise invoices</td></tr></table>')).toEqual([
      'missed renewals',
      'surprise invoices',
    ]);
    expect(pains("<p>Office managers spend new starters' first week ordering laptops by email.</p>")).toEqual([
      'ordering laptops by email',
    ]);
  });

  it('reads no problem from a promise, from a buyer sentence further down the page, or from neutral text', () => {
    expect(
      pains('<h1>Payroll</h1><p>Finance teams use Paysail to run payroll in minutes.</p><p>Controllers close 40% faster.</p>'),
    ).toEqual([]);
    expect(
      pains(
        '<h1>Build</h1><p>Acme is construction software.</p><p>It runs in the cloud.</p><p>It has an app.</p><p>Superintendents log daily reports from the jobsite.</p>',
      ),
    ).toEqual([]);
    expect(pains('<p>We build software for accountants.</p>')).toEqual([]);
  });
});
