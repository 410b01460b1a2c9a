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
    // A minified loader has few spaces: the evidence is still the code around the call, not nothing.
    const segment = facts([
      page(
        '<script>\n!function(){var analytics=window.analytics=window.analytics||[];analytics.load=function(key){var t=document.createElement("script");t.src="https://cdn.segment.com/analytics.js/v1/"+key+"/analytics.min.js"};analytics.load("Zq81");}();\n</script>',
      ),
    ]);
    expect(Object.keys(segment)).toEqual(['Uses Segment (Customer data platform; business tool: data)']);
    expect(Object.values(segment)[0]!.snippet).toContain('analytics.load("Zq81")');
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
    // A tool's name inside a longer name is no mention of it (Mountain is an ad tool; the Mountain West a region); a
    // tool's name that is the company's own is the company speaking of itself (ClickGUARD is an ad tool too).
    expect(names('<h2>Account Executive</h2><p>Sell to contractors across the Mountain West.</p>', 'careers')).toEqual([]);
    expect(names('<h2>Sales Engineer</h2><p>Own HubSpot CRM and Salesforce reports.</p>', 'careers')).toEqual([
      'Uses HubSpot',
      'Uses Salesforce',
    ]);
    expect(
      names('<title>Clickguard — Phishing training</title><blockquote>“Clickguard had our training done in a week.”</blockquote>'),
    ).toEqual([]);
  });
});

describe('more of the ways a site shows its tools, each weighed and quoted, and the ways it misleads', () => {
  const names = (html: string, options: Parameters<typeof pageFrom>[1] = {}) =>
    extractTechnologies([
      pageFrom(`<html><head><title>Cratebase — Warehouse inventory</title>${html}</head><body><p>x</p></body></html>`, options),
    ]).drafts.map((draft) => [draft.value.split(' (')[0], draft.snippet, draft.confidence]);

  it('reads the hosts a Content-Security-Policy allows, from a header or a meta tag, as weaker than a script the page loads', () => {
    const headers = {
      'content-security-policy':
        "default-src 'self'; script-src 'self' https://js.hs-scripts.com; connect-src https://api.segment.io 'self'",
    };
    expect(names('', { headers })).toEqual([
      ['Uses HubSpot', 'content-security-policy: script-src … https://js.hs-scripts.com', 0.6],
      ['Uses Segment', 'content-security-policy: connect-src … https://api.segment.io', 0.6],
    ]);
    expect(
      names(`<meta http-equiv="Content-Security-Policy" content="frame-src https://*.typeform.com; report-uri https://intercom.io/r">`),
    ).toEqual([['Uses Typeform', 'content-security-policy: frame-src … https://*.typeform.com', 0.6]]);
  });

  it("reports a vendor's product under the vendor's tool, saying which product was seen", () => {
    const found = extractTechnologies([
      pageFrom('<html><head><script src="https://js.usemessages.com/conversations-embed.js"></script></head></html>'),
    ]);
    expect(found.techStack).toEqual(['HubSpot']);
    expect(found.drafts[0]!.value).toBe('Uses HubSpot (Marketing automation; business tool: marketing automation), seen as HubSpot Chat');
  });

  it("reads a loader's host and a file named for its vendor, not a file whose name only starts like a vendor's", () => {
    expect(names('<link rel="preconnect" href="https://js.hs-scripts.com">').map(([name]) => name)).toEqual(['Uses HubSpot']);
    expect(names('<script src="https://www.googleadservices.com/pagead/conversion.js"></script>').map(([name]) => name)).toEqual([
      'Uses Google Ads',
    ]);
  });

  it("reads a vendor page a link asks the visitor to act on, or one named for the company, not the vendor's own pages", () => {
    const links = (body: string) =>
      extractTechnologies([pageFrom(`<html><head><title>SproutDesk — Tutoring</title></head><body>${body}</body></html>`)]).techStack;
    expect(links('<a href="https://calendly.com/maya-sproutdesk/intro">Say hello to Maya</a>')).toEqual(['Calendly']);
    expect(links('<a href="https://meetings.hubspot.com/maya-okafor">Book a demo</a>')).toEqual(['HubSpot']);
    expect(links('<a href="https://buy.stripe.com/8wM3cd">Pay your invoice</a>')).toEqual(['Stripe']);
    expect(
      links('<a href="https://calendly.com/pricing">Book with Calendly</a><a href="https://www.hubspot.com/products">HubSpot</a>'),
    ).toEqual([]);
  });

  it('reads the "powered by" line of a footer, and nothing else a footer names', () => {
    const footer = (text: string) =>
      extractTechnologies([
        pageFrom(`<html><body><main><p>Law firm software.</p></main><footer><p>${text}</p></footer></body></html>`),
      ]).drafts.map((draft) => [draft.value.split(' (')[0], draft.snippet, draft.confidence]);
    expect(footer('© 2026 Quillcase Ltd · Bristol · Client payments powered by Stripe')).toEqual([
      ['Uses Stripe', 'Client payments powered by Stripe', 0.7],
    ]);
    expect(footer('Demo bookings via Calendly')).toEqual([['Uses Calendly', 'Demo bookings via Calendly', 0.7]]);
    expect(footer('Integrations: Salesforce · HubSpot · Shopify')).toEqual([]);
  });

  it('reads no tool from a customer, a brand, a store the product is sold in, a comparison or a tool a customer left', () => {
    const words = (body: string) => extractTechnologies([pageFrom(`<html><body>${body}</body></html>`)]).techStack;
    expect(words('<p>Legal teams at Shopify and Klaviyo run their contract reviews through our platform.</p>')).toEqual([]);
    expect(words('<p>Trusted by shipping teams at Shopify and Gorgias, who track their freight with our platform.</p>')).toEqual([]);
    expect(words('<p>Install our app from the Shopify App Store in two clicks.</p>')).toEqual([]);
    expect(words('<p>Our integration is listed in the HubSpot App Marketplace.</p>')).toEqual([]);
    expect(words('<p>Read our comparison: Harbourlist vs. Salesforce for letting agents.</p>')).toEqual([]);
    expect(
      words('<blockquote>“We switched from Zendesk to Harbourlist and never looked back.” — Tom Reid, Branch Manager</blockquote>'),
    ).toEqual([]);
    expect(words('<p>Cratebase integrates with Shopify, NetSuite and ShipStation.</p>')).toEqual([]);
  });

  it("reads a vendor's documented embed code that names no host of the vendor's: a setup call, a widget element, a pixel", () => {
    const embedded = (html: string) => extractTechnologies([pageFrom(`<html><head>${html}</head><body><p>x</p></body></html>`)]).techStack;
    expect(embedded('<script>var _learnq = _learnq || []; _learnq.push(["account", "PnX7Qa"]);</script>')).toEqual(['Klaviyo']);
    expect(embedded('<script>analytics.load("wk8Qz"); analytics.page();</script>')).toEqual(['Segment']);
    expect(embedded('<stripe-buy-button buy-button-id="buy_btn_1" publishable-key="pk_live_1"></stripe-buy-button>')).toEqual(['Stripe']);
    expect(embedded('<div class="calendly-inline-widget" data-url="https://calendly.com/parcelnest-team/wholesale"></div>')).toEqual([
      'Calendly',
    ]);
    expect(embedded('<noscript><img src="https://www.facebook.com/tr?id=480112233&ev=PageView&noscript=1"/></noscript>')).toEqual([
      'Facebook Pixel',
    ]);
    expect(embedded('<script>const analytics = loadAnalytics(); track(analytics);</script>')).toEqual([]);
  });
});
