import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { classifyTechnology } from './tech-class.ts';
import { extractTechnologies } from './tech-facts.ts';

const page = (body: string, options: Parameters<typeof pageFrom>[1] = {}) =>
  pageFrom(`<html><head></head><body>${body}</body></html>`, options);
const facts = (pages: Parameters<typeof extractTechnologies>[0]) =>
  Object.fromEntries(
    extractTechnologies(pages).drafts.map((draft) => [
      draft.value,
      { snippet: draft.snippet, url: draft.url, confidence: draft.confidence },
    ]),
  );

describe('tools a script loads or sets up', () => {
  it('reads a tool from a script served by its own domain, with the src quoted', () => {
    const found = facts([page('<script async src="https://widget.intercom.io/widget/k3x9"></script><p>Hi</p>')]);
    expect(found['Uses Intercom (Live chat; business tool: support)']).toMatchObject({ snippet: 'https://widget.intercom.io/widget/k3x9' });
    // A domain that is a global of the tool's own name: Drift's loader.
    expect(Object.keys(facts([page('<script src="https://js.driftt.com/include/1700000000/abc123.js"></script>')]))).toContain(
      'Uses Drift (Live chat; business tool: support)',
    );
  });

  it("reads an inline snippet that sets up or calls the tool's global, or names its loader's URL", () => {
    const heap = facts([page('<script>window.heap=window.heap||[];heap.load("7781");</script>')]);
    expect(Object.keys(heap)).toEqual(['Uses Heap (Analytics; business tool: analytics)']);
    expect(Object.values(heap)[0]!.snippet).toContain('window.heap=');
    const mixpanel = facts([page('<script>mixpanel.init("f00d", { track_pageview: true });</script>')]);
    expect(Object.keys(mixpanel)).toEqual(['Uses Mixpanel (Analytics; business tool: analytics)']);
    const hotjar = facts([
      page('<script>(function(h){h._hjSettings={hjid:42};var s="https://static.hotjar.com/c/hotjar-42.js";})(window);</script>'),
    ]);
    expect(Object.keys(hotjar)).toEqual(['Uses Hotjar (Analytics; business tool: analytics)']);
  });

  it('does not read a library host or a word in code as a business tool', () => {
    expect(Object.keys(facts([page('<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>')]))).not.toContainEqual(
      expect.stringMatching(/business tool/),
    );
    expect(Object.keys(facts([page('<script>const drift = computeDrift(a, b); convert(x);</script>')]))).toEqual([]);
  });
});

describe("a vendor's page for the company, a vendor's whole domain, and what is no vendor's tool", () => {
  it("reads a booking page or job board the vendor hosts for the company, not a link to the vendor's own pages", () => {
    const names = (body: string, title = 'Kühlwerk — Process cooling') =>
      extractTechnologies([page(`<title>${title}</title>${body}`)]).drafts.map((draft) => [draft.value.split(' (')[0], draft.snippet]);
    expect(names('<a href="https://calendly.com/kuehlwerk/consultation">Book a call</a>')).toEqual([
      ['Uses Calendly', 'https://calendly.com/kuehlwerk/consultation'],
    ]);
    expect(names('<a href="https://ironleaf.teamtailor.com/jobs">Jobs</a>', 'Ironleaf Foods')).toEqual([
      ['Uses Teamtailor', 'https://ironleaf.teamtailor.com/jobs'],
    ]);
    expect(
      names('<a href="https://calendly.com/pricing">We love Calendly</a><a href="https://www.greenhouse.io/partners">Partner</a>'),
    ).toEqual([]);
  });

  it('reads a script from a vendor whose domain is its whole name, and leaves a generic page feature out of the business tools', () => {
    const found = Object.keys(facts([page("<script>s1.src='https://embed.tawk.to/64b2f1c9/1h5ga2k9q';</script>")]));
    expect(found).toEqual(['Uses Tawk.to (Live chat; business tool: support)']);
    expect(classifyTechnology(['Ecommerce'], 'Cart Functionality')).toEqual({ kind: 'infrastructure' });
  });

  it("reads a statement that the company's team works with a tool", () => {
    const found = Object.keys(facts([page('<p>Our sales team works with Salesforce, so every enquiry reaches an engineer.</p>')]));
    expect(found).toEqual(['Uses Salesforce (CRM; business tool: CRM), named on the site']);
  });
});

describe('tools a site names in words', () => {
  it("reads a job ad's tools as the weakest evidence, quoted, and says where they were named", () => {
    const careers = page(
      '<h1>Careers</h1><h2>Revenue Operations Analyst</h2><p>You bring two years of experience with Salesforce or HubSpot, and you are a certified Zendesk admin.</p>',
      { url: 'https://acme.example/careers', kind: 'careers' },
    );
    const found = facts([careers]);
    expect(found['Uses Salesforce (CRM; business tool: CRM), named in a job ad']).toMatchObject({
      url: 'https://acme.example/careers',
      snippet: 'You bring two years of experience with Salesforce or HubSpot, and you are a certified Zendesk admin.',
      confidence: 0.55,
    });
    expect(Object.keys(found)).toEqual([
      'Uses Salesforce (CRM; business tool: CRM), named in a job ad',
      'Uses HubSpot (Marketing automation; business tool: marketing automation), named in a job ad',
      'Uses Zendesk (Documentation; business tool: support), named in a job ad',
    ]);
  });

  it('weighs a statement of use over a testimonial over a job ad, and code over any of them', () => {
    const home = page(
      '<p>Our support team lives in Zendesk and we run on HubSpot.</p><blockquote><p>“We use Salesforce and it synced in a day,” says Ana Lima, COO at Portway.</p></blockquote>',
    );
    const jobs = page('<p>Experience with HubSpot, Salesforce and Stripe is a plus.</p>', {
      url: 'https://acme.example/jobs',
      kind: 'careers',
    });
    const withScript = page('<script src="https://js.stripe.com/v3/"></script>', { url: 'https://acme.example/pricing', kind: 'pricing' });
    const found = facts([home, jobs, withScript]);
    expect(Object.keys(found)).toEqual([
      'Uses Stripe (Payment processors; business tool: payments)',
      'Uses Zendesk (Documentation; business tool: support), named on the site',
      'Uses HubSpot (Marketing automation; business tool: marketing automation), named on the site',
      'Uses Salesforce (CRM; business tool: CRM), named in a testimonial',
    ]);
    expect(found['Uses Stripe (Payment processors; business tool: payments)']?.snippet).toBe('https://js.stripe.com/v3/');
  });

  it('reads no tool from a name without a statement of use, nor from an integrations list', () => {
    expect(facts([page('<p>Integrates with Salesforce, HubSpot and Slack.</p><p>Salesforce announced a new release.</p>')])).toEqual({});
  });
});

describe('tools named in meta tags, hosts the page connects to, and words about the company itself', () => {
  it('reads a vendor meta tag, a preconnect to a vendor host, a loader named in its file, and a generator', () => {
    const names = (html: string) =>
      extractTechnologies([pageFrom(`<html><head>${html}</head><body><p>x</p></body></html>`)]).drafts.map(
        (draft) => draft.value.split(' (')[0],
      );
    expect(names('<meta name="hubspot-site-verification" content="a8f31c">')).toEqual(['Uses HubSpot']);
    expect(names('<link rel="preconnect" href="https://widget.intercom.io">')).toEqual(['Uses Intercom']);
    expect(names('<script src="https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js"></script>')).toEqual(['Uses Mixpanel']);
    expect(names('<script src="https://js.hsforms.net/forms/embed/v2.js"></script>')).toEqual(['Uses HubSpot']);
    expect(names('<meta name="google-site-verification" content="x81d">')).toEqual([]);
  });

  it('reads a tool a job ad, a quote or a line about the company names in any words and case, not one the product connects to', () => {
    const names = (body: string, kind?: 'careers') =>
      extractTechnologies([page(body, kind ? { kind } : {})]).drafts.map((draft) => draft.value.split(' (')[0]);
    expect(names('<h2>Bid Writer</h2><p>Nice to have: Hubspot, Loom.</p>', 'careers')).toContain('Uses HubSpot');
    expect(names('<p>Our newsletter goes out through Mailchimp every Friday.</p>')).toEqual(['Uses MailChimp']);
    expect(names('<p>We run our own outbound on Dialstack and Salesloft, and our pipeline lives in Salesforce.</p>')).toEqual([
      'Uses Salesloft',
      'Uses Salesforce',
    ]);
    expect(names('<p>Payrollnest connects to the tools you already run: Square and NetSuite.</p>')).toEqual([]);
    expect(names('<p>Our customers run on Salesforce.</p><p>Unlike Zendesk, we answer in a minute.</p>')).toEqual([]);
    expect(names('<blockquote>“I stopped building the board pack by hand.” — Simon Reeve, CFO</blockquote>')).toEqual([]);
  });
});
