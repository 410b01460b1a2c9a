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

  it('reads the problem a question asks, and not a question that is the offer', () => {
    const html = `<h1>Your practice</h1><p>Do your vaccine reminders go out on sticky notes?</p>
      <p>Is your team reading every NDA line by line? Why does the same burger make money in one site and lose it in another?</p>
      <p>Ready to see it? How does Pawchart work?</p>`;
    expect(pains(html)).toEqual([
      'vaccine reminders go out on sticky notes',
      'reading every NDA line by line',
      'same burger make money in one site and lose it in another',
    ]);
  });

  it('reads the clauses of a plain problem statement in the hero, and the items of a list or column headed as problems', () => {
    expect(
      pains(
        '<title>Plugpoint — Workplace charging</title><h1>Chargers</h1><p>The grid connection quote took nine months, and nobody can tell who is paying for the electricity.</p><p>Plugpoint designs and installs charge points.</p>',
      ),
    ).toEqual(['grid connection quote took nine months', 'nobody can tell who is paying for the electricity']);
    expect(
      pains('<h1>Order</h1><h2>Before Larderline</h2><ul><li>Orders phoned in after close</li><li>Price changes noticed late</li></ul>'),
    ).toEqual(['orders phoned in after close', 'price changes noticed late']);
    expect(
      pains(
        '<table><tr><th>Without Dockslot</th><th>With Dockslot</th></tr><tr><td>Yard clerks guessing which door is free</td><td>One screen</td></tr></table>',
      ),
    ).toEqual(['yard clerks guessing which door is free']);
  });

  it('reads work done by hand anywhere, a testimonial of how it used to be, and what takes too long', () => {
    expect(pains('<h2>Pricing</h2><p>Placement tests marked by hand on a Sunday night.</p>', { kind: 'pricing' })).toEqual([
      'placement tests marked by hand on a Sunday night',
    ]);
    expect(pains('<blockquote>“We were paying duplicate invoices and accessorials nobody had approved.”</blockquote>')).toEqual([
      'paying duplicate invoices',
      'accessorials nobody had approved',
    ]);
    expect(pains('<p>“We used to send one annual training video and hope.”</p>')).toEqual(['send one annual training video']);
    expect(pains('<h2>Why</h2><p>Month-end close takes too long.</p>')).toEqual(['month-end close takes too long']);
    // A clause keeps no question mark or quote from its sentence: a pain is a phrase the copy can quote.
    expect(pains('<h1>Returns</h1><p>Answering "where is my refund?" emails fills the support inbox every Monday.</p>')).toEqual([
      'answering where is my refund emails fills the support inbox every Monday',
    ]);
    // A customer story told as before and after: the "before" is the problem, the "now" is not.
    expect(
      pains(
        '<h2>Kiln Coffee</h2><p>Until last year, every supplier statement was checked line by line, and disputed invoices sat unpaid for weeks.</p><p>Now the close takes four days.</p>',
        { kind: 'customers' },
      ),
    ).toEqual(['every supplier statement was checked line by line', 'disputed invoices sat unpaid for weeks']);
  });

  it('reads the problem in the forms copy puts it: what should not be so, what is gone, hated, too much or never again', () => {
    expect(pains("<h2>Cash</h2><p>Matching payments to invoices shouldn't take your team three days every month.</p>")).toEqual([
      "matching payments to invoices shouldn't take your team three days every month",
    ]);
    expect(pains("<h2>Content</h2><p>You shouldn't need five freelancers and a spreadsheet to publish one article.</p>")).toEqual([
      'need five freelancers and a spreadsheet to publish one article',
    ]);
    expect(pains('<h2>Forms</h2><p>Gone are the days of paper medical history forms on clipboards.</p>')).toEqual([
      'paper medical history forms on clipboards',
    ]);
    expect(pains('<h2>Forms</h2><p>Patients hate filling in the same form twice.</p>')).toEqual(['filling in the same form twice']);
    expect(pains('<h2>Ops</h2><p>Too many alerts, not enough people.</p>')).toEqual(['too many alerts', 'not enough people']);
    expect(pains('<h2>Socks</h2><p>Get a fresh pair every quarter and never hike in worn-out socks again.</p>')).toEqual([
      'hike in worn-out socks',
    ]);
    // One word is a problem when a strong cue names it.
    expect(pains('<h2>Say goodbye to overselling</h2>')).toEqual(['overselling']);
    expect(pains('<p>From forty phone calls to one tap.</p>')).toEqual(['forty phone calls']);
    // A headline that says what the product is not names the problem it ends.
    expect(pains("<h1>A front desk that isn't always on the phone</h1>")).toEqual(['front desk always on the phone']);
  });

  it("reads a customer's story: how it used to be, what the old provider did, a habit, what was lost", () => {
    expect(pains('<blockquote>“Sales used to wait four days for a signed-off NDA.”</blockquote>')).toEqual([
      'wait four days for a signed-off NDA',
    ]);
    // A thing that was so keeps its subject; a person who did it does not.
    expect(pains('<blockquote>“Our quotes used to go out three days after the survey.”</blockquote>')).toEqual([
      'quotes used to go out three days after the survey',
    ]);
    expect(pains('<blockquote>“Our last agency sent us keyword reports every month and not a single lead.”</blockquote>')).toEqual([
      'sent us keyword reports every month and not a single lead',
    ]);
    expect(pains('<blockquote>“With our last warehouse, one order in fifty went to the wrong address.”</blockquote>')).toEqual([
      'one order in fifty went to the wrong address',
    ]);
    expect(pains('<blockquote>“Every Monday I exported three CSVs and fixed the counts by hand.”</blockquote>')).toEqual([
      'exported three CSVs and fixed the counts by hand',
    ]);
    expect(pains('<blockquote>“Our engineers lost two sprints to our last audit.”</blockquote>')).toContain(
      'engineers lost two sprints to our last audit',
    );
    expect(pains('<blockquote>“Our claims team was answering the same status question forty times a day.”</blockquote>')).toEqual([
      'answering the same status question forty times a day',
    ]);
  });

  it('reads the problem column of a before/after table or list, never the product side, and not the heading that announces it', () => {
    const table = `<h2>Why brands leave their old 3PL</h2><table><tr><th>What we hear</th><th>What PalletHQ does</th></tr>
      <tr><td>Orders sitting unshipped over the weekend</td><td>Same-day shipping on orders in by 2pm, seven days a week</td></tr></table>`;
    expect(pains(`<title>PalletHQ</title>${table}`)).toEqual(['orders sitting unshipped over the weekend']);
    const lists = `<h2>The annual stock count, as you know it</h2><ul><li>Shrinkage you only discover at the year-end count</li></ul>
      <h2>With Stocktake</h2><ul><li>Counts reconciled against your POS automatically</li></ul>`;
    expect(pains(`<title>Stocktake</title>${lists}`)).toEqual(['shrinkage you only discover at the year-end count']);
    // The quotes under a heading of what customers say are their problems.
    expect(
      pains(
        '<h2>Fleet managers tell us the same things</h2><p>"Defect sheets come back unreadable." "Our servicing schedule lives in one head."</p>',
      ),
    ).toEqual(['defect sheets come back unreadable', 'servicing schedule lives in one head']);
  });

  it('keeps a problem whole: a number with a comma, the objects of its verb, a cause after "because"', () => {
    expect(pains('<blockquote>“We were triaging 4,000 scanner findings by hand every month.”</blockquote>')).toEqual([
      'triaging 4,000 scanner findings by hand every month',
    ]);
    expect(pains('<p>Brokers spend weeks relaying emails between the client, the insurer and the loss adjuster.</p>')).toEqual([
      'relaying emails between the client, the insurer and the loss adjuster',
    ]);
    expect(pains('<h1>Quotes</h1><p>Margins leak because old discounts are still being copied forward.</p>')).toEqual([
      'margins leak',
      'old discounts are still being copied forward',
    ]);
  });

  it('reads no problem from a question about the product, nor from the product in use', () => {
    expect(pains('<title>Briefly</title><h3>Does Briefly replace our lawyers?</h3>')).toEqual([]);
    expect(pains('<title>Offerloop</title><h1>About</h1><p>Over 600 agencies run their onboarding through Offerloop.</p>')).toEqual([]);
    expect(pains('<blockquote>“Food waste fell by a third in the first quarter.”</blockquote>')).toEqual([]);
  });

  it('reads no problem from the offer stated plainly in the hero', () => {
    expect(
      pains('<h1>Acme</h1><p>Acme gives practice managers one record.</p><p>It runs in the cloud.</p><p>Book a demo today.</p>'),
    ).toEqual([]);
  });

  it('reads a negation and what cannot be known or done, whole with its "until" or "when"', () => {
    expect(
      pains('<h1>x</h1><p>Acme is inventory.</p><h2>Why</h2><p>Nobody on the night shift knows which bin the pallet went to.</p>'),
    ).toEqual(['nobody on the night shift knows which bin the pallet went']); // (a dangling "to" is no part of a phrase)
    expect(pains("<p>You can't see which matters are over budget until the invoice goes out.</p>")).toEqual([
      "can't see which matters are over budget until the invoice goes out",
    ]);
    expect(pains("<p>It's hard to know what you hold until the count is done.</p>")).toEqual([
      'hard to know what you hold until the count is done',
    ]);
    expect(pains("<p>You didn't go to law school to chase colleagues for their time entries.</p>")).toEqual([
      'chase colleagues for their time entries',
    ]);
    expect(
      pains('<h1>Acme</h1><p>Acme is inventory software.</p><h2>Why Acme</h2><p>Our prices are hard to beat. Nothing gets lost.</p>'),
    ).toEqual([]);
  });

  it('reads a customer\'s "before", a warning, and what keeps going wrong, with the thing it happens to', () => {
    expect(
      pains(
        '<blockquote>“Before SproutDesk we spent every Sunday evening texting parents about the timetable.” — Priya Nair, Centre Director</blockquote>',
      ),
    ).toEqual(['spent every Sunday evening texting parents about the timetable']);
    expect(pains("<p>Don't let one bad firing scrap a week of production.</p>")).toEqual(['one bad firing scrap a week of production']);
    expect(pains('<p>Firing logs still live in a binder next to the kiln.</p><p>Shipping costs keep climbing.</p>')).toEqual([
      'firing logs still live in a binder next to the kiln',
      'shipping costs keep climbing',
    ]);
    expect(pains('<p>When a batch cracks, defects fall through the cracks of the shift handover.</p>')).toEqual([
      'defects fall through the cracks of the shift handover',
    ]);
    expect(pains('<p>Every week, appointments get double-booked and patients wait.</p><p>Audits are stressful and slow.</p>')).toEqual([
      'appointments get double-booked and patients wait',
      'audits are stressful and slow',
    ]);
  });

  it('reads a verbless line of problems under a heading of problems, and only the "before" half of a before/after list', () => {
    expect(pains('<h2>The old way</h2><p>Recall letters by post, confirmations by phone, empty chairs every afternoon.</p>')).toEqual([
      'recall letters by post',
      'confirmations by phone',
      'empty chairs every afternoon',
    ]);
    expect(
      pains(
        '<h2>Before and after</h2><ul><li>Before: viewings booked over three phone calls</li><li>After: tenants pick a slot online</li></ul>',
      ),
    ).toEqual(['viewings booked over three phone calls']);
  });
});

describe('pains stated as figures, answers, FAQ answers, headings and stories', () => {
  it("reads a figure's problem, a survey's finding and a share of the day lost, but not a figure of what went well", () => {
    expect(
      pains(
        '<h2>In numbers</h2><div><strong>1 in 3</strong><span>month-end closes slip past day ten</span></div><div><strong>42%</strong><span>of controllers say missing receipts hold up the close</span></div>',
      ),
    ).toEqual(['1 in 3 month-end closes slip past day ten', 'missing receipts hold up the close']);
    expect(pains('<p>Estimators spend 40% of each bid measuring drawings with a scale ruler.</p>')).toEqual([
      'measuring drawings with a scale ruler',
    ]);
    expect(pains('<p>Online fashion stores see a third of their orders come back.</p>')).toEqual(['a third of their orders come back']);
    expect(pains('<p>98% of customers renew every year.</p><p>Half of us have run a jobsite.</p>')).toEqual([]);
  });

  it('reads the answer to "why" and headings set as a list of problems, not a run of the product\'s own headings', () => {
    expect(
      pains(
        '<h2>Why Cadencely?</h2><h3>Because reps spend a third of their day writing emails nobody opens.</h3><h3>Because follow-ups get forgotten after the second touch.</h3>',
      ),
    ).toEqual(['reps spend a third of their day writing emails nobody opens', 'follow-ups get forgotten after the second touch']);
    expect(
      pains(
        '<h1>Harder to fool</h1><p>We send fake phishing emails.</p><h2>Staff who click every link</h2><h2>An audit next month and no training records</h2>',
      ),
    ).toEqual(['staff who click every link', 'an audit next month and no training records']);
    expect(pains('<h2>Acme plans every route</h2><h2>Acme books every driver</h2>', { url: 'https://acme.example/' })).toEqual([]);
  });

  it('reads costs that add up, the commonest complaint, what overflows, what could have been and what lags behind', () => {
    expect(
      pains('<h1>Freight</h1><p>We move containers.</p><h2>Storage</h2><p>Every day a box waits, demurrage charges add up.</p>'),
    ).toEqual(['demurrage charges add up']);
    expect(pains('<p>Surcharges added after booking are the most common complaint we hear.</p>')).toEqual([
      'surcharges added after booking',
    ]);
    expect(pains('<p>Support inboxes fill up with refund questions every January.</p>')).toEqual([
      'support inboxes fill up with refund questions every January',
    ]);
    expect(pains('<p>Most of those refunds could have been exchanges.</p>')).toEqual(['most of those refunds could have been exchanges']);
    expect(pains('<blockquote>“Our rates on the booking sites were a week behind.”</blockquote>')).toEqual([
      'our rates on the booking sites were a week behind',
    ]);
    expect(pains('<p>Hotels leave money on the table by selling their last rooms at the weekday rate.</p>')).toEqual([
      'selling their last rooms at the weekday rate',
    ]);
  });

  it("reads a customer's story of a time it went wrong clause by clause, and a quote under a heading of what customers say without its credit", () => {
    expect(
      pains(
        '<blockquote>“Last peak season three of our containers sat at the port for eleven days and the storage bill was more than the freight.”</blockquote>',
      ),
    ).toEqual(['three of our containers sat at the port for eleven days', 'storage bill was more than the freight']);
    expect(
      pains(
        '<h2>What our clients told us before they switched</h2><blockquote>“Peak season meant three agencies and nobody who knew our site.”<cite>— Operations Manager, Midland Hub</cite></blockquote>',
      ),
    ).toEqual(['peak season meant three agencies and nobody who knew our site']);
  });

  it("reads a FAQ's problem questions and answers, not its questions about the service", () => {
    const faq = pageFrom(
      `<h1>Questions</h1><h3>Why do containers get held at the port?</h3><p>Usually the entry was filed late.</p>
       <h3>Can you tell me where my container is?</h3><p>Yes.</p><h3>Do I still need a customs broker?</h3><p>No.</p>`,
      { kind: 'faq' },
    );
    expect(extractPainPoints([faq]).map((draft) => draft.value)).toEqual(['containers get held at the port']);
  });
});
