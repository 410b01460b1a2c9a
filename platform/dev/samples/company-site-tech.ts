// How each tool a sample company uses shows on its web site: the tags and headers real sites
// carry for it, chosen so the research agent's Wappalyzer fingerprints (which read markup and
// headers, never run scripts) recognise it. Account ids are derived from the company's domain.
import { TECH_CATEGORIES, INDUSTRIES } from '@meetflow/plugin-source-sample/generator';

/** What one tool adds to a company's site. */
export interface ToolEmbed {
  /** Tags for every page's `<head>`. */
  head?: string[];
  /** Markup at the end of every page's `<body>`. */
  body?: string[];
  /** Markup only the careers page carries (job-board embeds). */
  careers?: string[];
  /** Response headers of every page. */
  headers?: Record<string, string>;
  /** Content-Security-Policy directives the tool needs ("frame-src https://jobs.lever.co"). */
  csp?: string[];
}

/** Per-company values the snippets use: the site's slug and stable fake account ids. */
export interface EmbedIds {
  slug: string;
  /** A stable id of `digits` digits for one tool of this company. */
  digits(tool: string, digits: number): string;
  /** A stable lower-case alphanumeric key of `length` characters for one tool. */
  key(tool: string, length: number): string;
}

type EmbedOf = (ids: EmbedIds) => ToolEmbed;

/** Every tool a sample company can use: the catalogue's categories and the industries' own tools. */
export const SAMPLE_TOOLS: readonly string[] = [
  ...new Set([
    ...TECH_CATEGORIES.flatMap((category) => category.tools.map((tool) => tool.name)),
    ...INDUSTRIES.flatMap((industry) => industry.tech),
  ]),
];
const script = (src: string) => `<script src="${src}" async></script>`;

/**
 * Tools the research agent cannot see on any page: Wappalyzer knows them only by JavaScript
 * globals (read in a browser, not from markup), or not at all (Snowflake). Their sites leave them out.
 */
export const UNDETECTABLE_TOOLS: readonly string[] = ['Pipedrive', 'Gorgias', 'Snowflake', 'Salesloft', 'Adyen'];

/** The markup of every tool the sample database names (tech.ts and the industries' tools), except UNDETECTABLE_TOOLS. */
export const TOOL_EMBEDS: Readonly<Record<string, EmbedOf>> = {
  // A Web-to-Lead form; its button carries the Lightning class that is Wappalyzer's one static Salesforce fingerprint.
  Salesforce: (ids) => ({
    body: [
      `<form class="contact" action="https://webto.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8" method="POST">` +
        `<input type="hidden" name="oid" value="00D${ids.digits('sf', 12)}"><input type="email" name="email" aria-label="Work email">` +
        '<button type="submit" class="brandQuaternaryFgrs">Contact us</button></form>',
    ],
  }),
  HubSpot: (ids) => ({
    head: [
      `<!-- Start of HubSpot Embed Code -->${script(`//js.hs-scripts.com/${ids.digits('hubspot', 8)}.js`)}<!-- End of HubSpot Embed Code -->`,
    ],
  }),
  Marketo: () => ({ head: [script('https://munchkin.marketo.net/munchkin.js')] }),
  MailChimp: (ids) => ({
    body: [
      `<!-- Begin MailChimp Signup Form --><form id="mc-embedded-subscribe-form" action="https://${ids.slug}.us21.list-manage.com/subscribe/post?u=${ids.key('mc', 24)}" method="post">` +
        '<input type="email" name="EMAIL" id="mce-EMAIL" aria-label="Email for news"><button type="submit">Subscribe</button></form><!--End mc_embed_signup-->',
    ],
  }),
  Klaviyo: (ids) => ({
    head: [script(`https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=${ids.key('klaviyo', 6).toUpperCase()}`)],
  }),
  Zendesk: (ids) => ({
    body: [`<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=${ids.key('zendesk', 32)}"></script>`],
  }),
  Intercom: (ids) => ({
    head: [
      '<link rel="preconnect" href="https://widget.intercom.io">',
      `<script>window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "${ids.key('intercom', 8)}" };</script>`,
    ],
  }),
  'Help Scout': () => ({ body: [script('https://beacon-v2.helpscout.net/')] }),
  // analytics.js, not gtag.js: gtag loads from googletagmanager.com, which reads as Google Tag Manager too.
  'Google Analytics': (ids) => ({
    head: [
      `<script>window.ga=window.ga||function(){(ga.q=ga.q||[]).push(arguments)};ga.l=+new Date;ga('create', 'UA-${ids.digits('ga', 8)}-1', 'auto');ga('send', 'pageview');</script>`,
      script('https://www.google-analytics.com/analytics.js'),
    ],
  }),
  Hotjar: (ids) => ({ head: [script(`https://static.hotjar.com/c/hotjar-${ids.digits('hotjar', 7)}.js?sv=6`)] }),
  Heap: (ids) => ({ head: [script(`https://cdn.heapanalytics.com/js/heap-${ids.digits('heap', 10)}.js`)] }),
  Segment: (ids) => ({ head: [script(`https://cdn.segment.com/analytics.js/v1/${ids.key('segment', 22)}/analytics.min.js`)] }),
  // A versioned build: the fingerprint wants the version in the file name ("-latest" does not match).
  Mixpanel: () => ({ head: [script('https://cdn.mxpnl.com/libs/mixpanel-2.55.1.min.js')] }),
  Amplitude: () => ({ head: [script('https://cdn.amplitude.com/libs/analytics-browser-2.11.1-min.js.gz')] }),
  // A Looker dashboard embedded from the company's Looker instance: only the CSP names it.
  Looker: (ids) => ({ csp: [`frame-src https://${ids.slug}.cloud.looker.com`] }),
  Tableau: () => ({ body: [script('https://public.tableau.com/javascripts/api/viz_v1.js')] }),
  Stripe: () => ({ head: [script('https://js.stripe.com/v3/')] }),
  PayPal: () => ({
    body: [
      '<img src="https://www.paypalobjects.com/webstatic/mktg/logo/AM_mc_vs_dc_ae.jpg" alt="PayPal and major cards accepted" width="180">',
    ],
  }),
  Braintree: () => ({ head: [script('https://js.braintreegateway.com/web/3.97.2/js/client.min.js')] }),
  Chargebee: () => ({ head: [script('https://js.chargebee.com/v2/chargebee.js')] }),
  WordPress: () => ({
    head: [
      '<meta name="generator" content="WordPress 6.5.3">',
      '<link rel="stylesheet" href="./wp-content/themes/company/style.css?ver=6.5.3">',
    ],
    headers: { link: '</wp-json/>; rel="https://api.w.org/"' },
  }),
  Webflow: () => ({ head: ['<meta name="generator" content="Webflow">'] }),
  // Hosting and frameworks show in headers only.
  'Next.js': () => ({ headers: { 'x-powered-by': 'Next.js' } }),
  Squarespace: () => ({ headers: { server: 'Squarespace' } }),
  'Google Tag Manager': (ids) => {
    const container = `GTM-${ids.key('gtm', 7).toUpperCase()}`;
    return {
      head: [
        `<!-- Google Tag Manager --><script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});})(window,document,'script','dataLayer','${container}');</script>` +
          `${script(`https://www.googletagmanager.com/gtm.js?id=${container}`)}<!-- End Google Tag Manager -->`,
      ],
    };
  },
  Calendly: (ids) => ({
    body: [
      `<a class="book" href="https://calendly.com/${ids.slug}/intro-call" target="_blank" rel="noopener">Book a call</a>`,
      script('https://assets.calendly.com/assets/external/widget.js'),
    ],
  }),
  'Chili Piper': () => ({ head: [script('https://js.chilipiper.com/marketing.js')] }),
  // Gong's web tracking reports to app.gong.io, which the CSP must allow.
  Gong: () => ({ csp: ['connect-src https://app.gong.io'] }),
  '6sense': () => ({ head: [script('https://j.6sc.co/6si.min.js')] }),
  Okta: () => ({ head: [script('https://global.oktacdn.com/okta-signin-widget/7.14.0/js/okta-sign-in.min.js')] }),
  Auth0: () => ({ head: [script('https://cdn.auth0.com/js/auth0/9.23.0/auth0.min.js')] }),
  Greenhouse: (ids) => ({
    careers: [`<div id="grnhse_app"></div>${script(`https://boards.greenhouse.io/embed/job_board/js?for=${ids.slug}`)}`],
  }),
  // Lever's job list is framed from jobs.lever.co: a link there would read as a posting, which it is not.
  Lever: () => ({ csp: ['frame-src https://jobs.lever.co'] }),
  Workday: (ids) => ({ careers: [script(`https://www.myworkday.com/${ids.slug}/d/embed/careers.js`)] }),
  Datadog: () => ({ head: [script('https://www.datadoghq-browser-agent.com/us1/v5/datadog-rum.js')] }),
  Sentry: () => ({ head: [script('https://browser.sentry-cdn.com/7.119.0/bundle.min.js')] }),
  'New Relic': () => ({ head: ['<link rel="preconnect" href="https://js-agent.newrelic.com">'] }),
  Cloudflare: (ids) => ({ headers: { 'cf-ray': `${ids.key('cf', 16)}-IAD`, 'cf-cache-status': 'DYNAMIC' } }),
  'Amazon Web Services': (ids) => ({ headers: { 'x-amz-request-id': ids.key('aws', 16).toUpperCase() } }),
  Vercel: (ids) => ({ headers: { 'x-vercel-id': `iad1::${ids.key('vercel', 5)}-${ids.digits('vercel', 13)}` } }),
  Shopify: () => ({ head: [script('https://cdn.shopify.com/shopifycloud/shop-js/client.js')] }),
  Attentive: (ids) => ({ head: [script(`https://cdn.attn.tv/${ids.slug}/dtag.js`)] }),
  Okendo: () => ({ body: ['<div class="okeReviews" data-oke-reviews-version="0.81.8"></div>'] }),
  'Facebook Pixel': (ids) => ({
    head: [
      '<script>!function(f,b,e,v,n,t,s){n=f.fbq=function(){n.queue.push(arguments)};n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;' +
        "s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');" +
        `fbq('init', '${ids.digits('fbq', 15)}');</script>`,
    ],
  }),
  Optimizely: (ids) => ({ head: [script(`https://cdn.optimizely.com/js/${ids.digits('optimizely', 11)}.js`)] }),
  Qualified: (ids) => ({ head: [script(`https://js.qualified.com/qualified.js?token=${ids.key('qualified', 16)}`)] }),
  Algolia: (ids) => ({
    body: [
      script('https://cdn.jsdelivr.net/npm/algoliasearch@4.24.0/dist/algoliasearch-lite.umd.js'),
      `<script>const searchClient = algoliasearch('${ids.key('algolia', 10).toUpperCase()}', '${ids.key('algolia-key', 32)}');</script>`,
    ],
  }),
  Typeform: (ids) => ({
    body: [`<div data-tf-live="${ids.key('typeform', 12)}"></div>`, script('https://embed.typeform.com/next/embed.js')],
  }),
};

/** The site-wide markup and headers of a tech stack; tools without an embed are left out. */
export function embedsFor(techStack: readonly string[], ids: EmbedIds): Required<ToolEmbed> {
  const merged: Required<ToolEmbed> = { head: [], body: [], careers: [], headers: {}, csp: [] };
  for (const tool of techStack) {
    const embed = TOOL_EMBEDS[tool]?.(ids);
    if (!embed) continue;
    merged.head.push(...(embed.head ?? []));
    merged.body.push(...(embed.body ?? []));
    merged.careers.push(...(embed.careers ?? []));
    merged.csp.push(...(embed.csp ?? []));
    Object.assign(merged.headers, embed.headers);
  }
  return merged;
}
