import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
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
