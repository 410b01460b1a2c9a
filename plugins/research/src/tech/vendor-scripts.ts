// Business tools a page embeds that the Wappalyzer patterns miss without a browser: many tools are
// fingerprinted only by the globals their script defines once it runs (Intercom, Drift, Mixpanel,
// Heap…), so a page that loads them is read here the way a person reading its source would:
// - a script loaded from the vendor's own domain ("widget.intercom.io", "js.driftt.com"), or such
//   a URL inside an inline snippet (Hotjar's loader names "static.hotjar.com");
// - an inline snippet that sets up or calls the tool's global ("window.heap=…", "mixpanel.init(…)",
//   "analytics.SNIPPET_VERSION").
// Only business tools are read this way, and only a name that can be told apart: a domain or a
// global that is the tool's own name, and names one tool only.
import { around, clip, normalizeSpace } from '../evidence.ts';
import type { Detection } from './detect.ts';
import { fingerprints, type Fingerprint } from './fingerprints.ts';
import { selectedAll } from './match.ts';
import type { PageSignals } from './signals.ts';
import { classifyTechnology } from './tech-class.ts';
import { TrigramBitmap, trigramsOf } from './trigrams.ts';

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

// An inline script's trigrams (./trigrams.ts): a global's name can be in the script only if all of its
// trigrams are, which is cheaper to ask than a search of the script for each of the few hundred names.
// One bitmap, refilled script after script: detection is synchronous, so no two scripts fill it at once.
const scriptTrigrams = new TrigramBitmap();

/** "widget.intercom.io" → "intercom": the label a vendor registers (the one before the top-level domain). */
function domainLabel(host: string): string {
  const labels = host.toLowerCase().split('.').filter(Boolean);
  // "vendor.co.uk": skip a second-level public suffix.
  const second = labels.at(-2) ?? '';
  return /^(?:co|com|net|org|ac|gov)$/.test(second) && labels.length >= 3 ? (labels.at(-3) ?? '') : second;
}

/** "embed.tawk.to" → "tawk.to", "widget.intercom.io" → "intercom.io": the domain a vendor registers. */
function registrable(host: string): string {
  const labels = host.toLowerCase().split('.').filter(Boolean);
  const second = labels.at(-2) ?? '';
  return labels.slice(/^(?:co|com|net|org|ac|gov)$/.test(second) && labels.length >= 3 ? -3 : -2).join('.');
}

/** The spellings a company's handle takes in an address: "Kühlwerk" → kuhlwerk, kuehlwerk. */
function handlesOf(name: string): string[] {
  const plain = compact(name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
  const german = compact(name.replace(/ä/gi, 'ae').replace(/ö/gi, 'oe').replace(/ü/gi, 'ue').replace(/ß/g, 'ss'));
  // "Ironleaf Foods" is at ironleaf.teamtailor.com: the first word is a handle too.
  const first = compact(
    name
      .split(/\s+/)[0]
      ?.normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '') ?? '',
  );
  return [...new Set([plain, german, ...(first.length >= 4 ? [first] : [])])].filter((handle) => handle.length >= 3);
}

interface VendorIndex {
  /** Domain label → the one business tool it names. */
  byDomain: Map<string, Fingerprint>;
  /** Tool names of five letters or more that a vendor's other domain labels start with. */
  byPrefix: Array<{ label: string; fingerprint: Fingerprint }>;
  /** Each of byPrefix's labels → its place in byPrefix (a lookup per length of a text's start, not a scan of every label). */
  prefixPlace: Map<string, number>;
  /**
   * Global setups to look for in inline scripts, with their tool, a literal the script must hold
   * first (a cheap check) and that literal's trigram codes (a cheaper one: see scriptTrigrams).
   */
  globals: Array<{ needle: string; codes: Int32Array; pattern: RegExp; fingerprint: Fingerprint }>;
}

let index: VendorIndex | undefined;

function vendorIndex(): VendorIndex {
  if (index) return index;
  const business = fingerprints().all.filter((fingerprint) => classifyTechnology(fingerprint.categories).kind === 'business');
  const candidates = new Map<string, Fingerprint[]>();
  const offer = (label: string, fingerprint: Fingerprint) => {
    if (label.length < 4) return;
    candidates.set(label, [...(candidates.get(label) ?? []), fingerprint]);
  };
  for (const fingerprint of business) {
    const name = compact(fingerprint.name);
    // The vendor's domain is the tool's name ("intercom.com" for Intercom, not "jquery.com" for jQuery Payment)…
    let website = '';
    try {
      website = fingerprint.website ? domainLabel(new URL(fingerprint.website).hostname) : '';
    } catch {
      // A website the data set writes without a scheme names no domain to match.
    }
    if (website === name) offer(website, fingerprint);
    // …or the whole of its domain is ("tawk.to" for Tawk.to).
    try {
      const whole = fingerprint.website ? compact(registrable(new URL(fingerprint.website).hostname)) : '';
      if (whole === name && whole !== website) offer(whole, fingerprint);
    } catch {
      // As above: no domain to match.
    }
    // …or a global of its own name is ("driftt" for Drift, served from js.driftt.com).
    for (const global of fingerprint.globals)
      if (/^[a-z][a-z0-9]+$/i.test(global) && name.length >= 4 && global.toLowerCase().startsWith(name))
        offer(global.toLowerCase(), fingerprint);
  }
  const byDomain = new Map<string, Fingerprint>();
  const prefixes = new Map<string, Fingerprint[]>();
  for (const [label, tools] of candidates) if (label.length >= 5) prefixes.set(label, tools);
  for (const [label, tools] of candidates) {
    const unique = [...new Map(tools.map((tool) => [tool.name, tool])).values()];
    // Two tools of one name in the data set cannot be told apart: neither is read.
    if (unique.length === 1) byDomain.set(label, unique[0]!);
  }
  const globals: VendorIndex['globals'] = [];
  for (const fingerprint of business) {
    const name = compact(fingerprint.name);
    for (const global of fingerprint.globals) {
      const escaped = global.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // A dotted global is specific enough as written: "analytics.SNIPPET_VERSION".
      if (global.includes('.') && global.length >= 12)
        globals.push({
          needle: global,
          codes: trigramsOf(global),
          pattern: new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`),
          fingerprint,
        });
      // A bare global counts only when it is the tool's own name ("Intercom", "mixpanel", "heap" of
      // "heap.version") and the snippet sets it on the window or calls it the way a loader does:
      // "window.heap=", "Intercom('boot'", "mixpanel.init(" (not "const drift = …", "convert(x)").
      const head = global.split('.')[0]!;
      if (head.length < 4 || compact(head) !== name || !/^[A-Za-z_$][\w$]*$/.test(head)) continue;
      const word = head.replace(/[$]/g, '\\$');
      globals.push({
        needle: head,
        codes: trigramsOf(head),
        pattern: new RegExp(
          `\\b(?:window|w)\\.${word}\\s*=(?!=)|(?<![\\w$.])${word}\\s*\\(\\s*['"]|(?<![\\w$.])${word}\\.[A-Za-z_$][\\w$]*\\s*\\(`,
        ),
        fingerprint,
      });
    }
  }
  // A vendor's second domain that starts with its name ("intercomcdn" for Intercom's assets).
  const byPrefix = [...prefixes].flatMap(([label, tools]) => {
    const unique = [...new Map(tools.map((tool) => [tool.name, tool])).values()];
    return unique.length === 1 ? [{ label, fingerprint: unique[0]! }] : [];
  });
  index = { byDomain, byPrefix, prefixPlace: new Map(byPrefix.map((entry, place) => [entry.label, place])), globals };
  return index;
}

/**
 * The first of byPrefix's entries (in its order) whose label `text` starts with, at least `minLength`
 * long and, where given, `fits` the rest of the text after it: the entry a scan of byPrefix would find.
 */
function firstByPrefix(
  { byPrefix, prefixPlace }: VendorIndex,
  text: string,
  minLength: number,
  fits: (rest: string) => boolean = () => true,
): { label: string; fingerprint: Fingerprint } | undefined {
  let first: number | undefined;
  for (let length = Math.max(minLength, 1); length <= text.length; length++) {
    const place = prefixPlace.get(text.slice(0, length));
    if (place !== undefined && (first === undefined || place < first) && fits(text.slice(length))) first = place;
  }
  return first === undefined ? undefined : byPrefix[first];
}

// Vendors whose scripts come from a domain that is not their name (HubSpot's forms, Mixpanel's CDN).
const VENDOR_ALIASES: Record<string, string> = {
  hsforms: 'HubSpot',
  hscollectedforms: 'HubSpot',
  hsadspixel: 'HubSpot',
  hubspotusercontent: 'HubSpot',
  mxpnl: 'Mixpanel',
  clarity: 'Microsoft Clarity',
  lfeeder: 'Leadfeeder',
  zopim: 'Zendesk Chat',
  // HubSpot's tracking loader, its analytics, cookie banner, chat and meetings embed all load from hosts of their own.
  'hs-scripts': 'HubSpot',
  'hs-analytics': 'HubSpot',
  'hs-banner': 'HubSpot',
  usemessages: 'HubSpot',
  hsappstatic: 'HubSpot',
  // Google Ads' conversion tag, Zendesk's widget loader, Mailchimp's signup forms, Square's payments SDK, ActiveCampaign's tracker.
  googleadservices: 'Google Ads',
  zdassets: 'Zendesk',
  'list-manage': 'MailChimp',
  squarecdn: 'Square',
  'app-us1': 'ActiveCampaign',
  trackcmp: 'ActiveCampaign',
};

// A vendor's documented embed code, where it names no host of the vendor's: the setup call of its
// inline snippet, or the element or attribute its widget is placed with. Each names one tool.
const EMBED_CALLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<![\w$.])analytics\.load\(\s*['"]/, 'Segment'],
  [/\bCRISP_WEBSITE_ID\b/, 'Crisp Live Chat'],
  [/(?<![\w$.])_learnq\b/, 'Klaviyo'],
  [/(?<![\w$.])(?:hbspt\.(?:forms|cta)\.create\(|_hsq\s*=)/, 'HubSpot'],
  [/(?<![\w$.])gtag\(\s*['"]config['"]\s*,\s*['"](?:G|UA)-/, 'Google Analytics'],
  [/(?<![\w$.])fbq\(\s*['"]init['"]/, 'Facebook Pixel'],
  [/(?<![\w$.])ttq\.load\(/, 'TikTok Pixel'],
  [/(?<![\w$.])vgo\(\s*['"]setAccount['"]/, 'ActiveCampaign'],
  [/(?<![\w$.])Calendly\.init\w*\(/, 'Calendly'],
];
const EMBED_ELEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['stripe-buy-button,stripe-pricing-table', 'Stripe'],
  ['[data-tf-widget],[data-tf-popup],[data-tf-slider],[data-tf-live]', 'Typeform'],
  ['.calendly-inline-widget,.calendly-badge-widget', 'Calendly'],
];
// A tracking pixel the page loads as an image (often inside <noscript>, which is not parsed as markup).
const PIXELS: ReadonlyArray<readonly [RegExp, string]> = [[/\/\/(?:www\.)?facebook\.com\/tr\/?\?id=/, 'Facebook Pixel']];
let embeds:
  { calls: Array<[RegExp, Fingerprint]>; elements: Array<[string, Fingerprint]>; pixels: Array<[RegExp, Fingerprint]> } | undefined;
function embedIndex() {
  const { byName } = fingerprints();
  const known = <T>(list: ReadonlyArray<readonly [T, string]>) =>
    list.flatMap(([marker, name]) => (byName.get(name) ? [[marker, byName.get(name)!] as [T, Fingerprint]] : []));
  embeds ??= { calls: known(EMBED_CALLS), elements: known(EMBED_ELEMENTS), pixels: known(PIXELS) };
  return embeds;
}
let aliases: Map<string, Fingerprint> | undefined;
function aliasOf(label: string): Fingerprint | undefined {
  aliases ??= new Map(
    Object.entries(VENDOR_ALIASES).flatMap(([alias, name]) => {
      const fingerprint = fingerprints().all.find((candidate) => candidate.name === name);
      return fingerprint ? [[alias, fingerprint] as const] : [];
    }),
  );
  return aliases.get(label);
}

// A link that asks the visitor to act on the company's page of a vendor's app: book a time, apply for a job, pay.
const ACTION_LINK =
  /\b(?:book|schedule|reserve|(?:grab|pick|choose) a (?:time|slot)|demo|apply|open (?:roles|positions)|see (?:our )?(?:jobs|openings)|pay|buy|checkout|donate)\b/i;
// The vendor's own marketing pages, which no link to the company's page on the vendor's app goes to.
const VENDOR_OWN_PAGES =
  /^(?:pricing|plans|features?|product|products|solutions|integrations?|partners?|blog|resources|about|customers|login|signin|sign-in|signup|sign-up|register|download|apps?|marketplace|en|en-us|en-gb)$/;

const SCRIPT_URL = /(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})(?=[/:'"?]|$)/gi;

/** Business tools the page's scripts load or set up, that detectTechnologies does not already name. */
export function vendorScriptDetections(signals: PageSignals, known: ReadonlySet<string>, company = ''): Detection[] {
  const vendors = vendorIndex();
  const { byDomain, globals } = vendors;
  const ownLabel = domainLabel(new URL(signals.url).hostname);
  const toolOf = (label: string) =>
    byDomain.get(label) ?? aliasOf(label) ?? (label.length > 5 ? firstByPrefix(vendors, label, 1)?.fingerprint : undefined);
  const found = new Map<string, Detection>();
  const record = (fingerprint: Fingerprint, evidence: string, confidence: number) => {
    if (known.has(fingerprint.name) || found.has(fingerprint.name)) return;
    found.set(fingerprint.name, {
      name: fingerprint.name,
      slug: fingerprint.slug,
      categories: fingerprint.categories,
      confidence,
      version: '',
      evidence,
    });
  };
  const fromHost = (host: string) => {
    const label = domainLabel(host);
    return label && label !== ownLabel ? (toolOf(label) ?? byDomain.get(compact(registrable(host)))) : undefined;
  };
  const fromUrl = (url: string) => {
    try {
      return /^(?:https?:)?\/\//i.test(url) ? fromHost(new URL(url, signals.url).hostname) : undefined;
    } catch {
      return undefined;
    }
  };
  // A meta tag the vendor asks for ("hubspot-site-verification", "zendesk-verification",
  // "klaviyo:site-id"), or whose content is an address on the vendor's domain.
  for (const [key, contents] of signals.meta) {
    const [head] = key.split(/[-:_.]/);
    const tool = head && head.length >= 4 ? toolOf(head) : undefined;
    if (tool) record(tool, clip(`<meta name="${key}">`), 75);
    for (const content of contents) {
      // <meta name="generator" content="Shopify">: the tool that made the page, by its name.
      const maker = key === 'generator' ? byDomain.get(compact(content.split(/\s+\d|\s*[;,(]/)[0] ?? '')) : undefined;
      if (maker) record(maker, clip(`<meta name="generator" content="${content}">`), 75);
      const linked = fromUrl(content.trim());
      if (linked) record(linked, clip(`<meta name="${key}" content="${content}">`), 70);
    }
  }
  // The vendor's host the page connects to ahead of time, embeds, or posts its forms to:
  // <link rel="preconnect" href="https://widget.intercom.io">, a booking widget's iframe.
  const $ = signals.$;
  const addressed = [
    ['link[rel~=preconnect],link[rel~=dns-prefetch],link[rel~=preload]', 'href'],
    ['iframe[src]', 'src'],
    ['form[action]', 'action'],
    // A widget placed by the address it shows: <div class="calendly-inline-widget" data-url="https://calendly.com/…">.
    ['[data-url]', 'data-url'],
    ['[data-src]', 'data-src'],
  ] as const;
  const { calls, elements, pixels } = embedIndex();
  // Every element this reads, from one walk of the page.
  const selections = selectedAll(
    [...addressed.map(([selector]) => selector), 'a[href]', 'meta[http-equiv]', ...elements.map(([selector]) => selector)],
    signals,
  );
  const [links, metas, embedded] = [
    selections[addressed.length]!,
    selections[addressed.length + 1]!,
    selections.slice(addressed.length + 2),
  ];
  addressed.forEach(([, attribute], index) => {
    for (const element of selections[index]!) {
      const address = $(element).attr(attribute) ?? '';
      const tool = fromUrl(address);
      if (tool) record(tool, clip(address), 70);
    }
  });
  // A page the vendor hosts for this company, linked from its site: its booking page
  // ("calendly.com/kuehlwerk/consultation"), its job board ("boards.greenhouse.io/offerloop",
  // "offerloop.recruitee.com"). A link to the vendor's own pages (a partner badge, an
  // integration's listing) names no page of the company's, and is no use.
  const handles = new Set([...handlesOf(company), ...(/^\d+$/.test(ownLabel) ? [] : handlesOf(ownLabel))]);
  for (const element of links) {
    const href = $(element).attr('href') ?? '';
    if (!/^(?:https?:)?\/\//i.test(href)) continue;
    let address: URL;
    try {
      address = new URL(href, signals.url);
    } catch {
      continue;
    }
    const tool = fromHost(address.hostname);
    if (!tool) continue;
    const vendorDomain = registrable(address.hostname);
    const subdomains = address.hostname.toLowerCase().slice(0, -vendorDomain.length).split('.').filter(Boolean);
    const segments = address.pathname.split('/').filter(Boolean);
    // The company's handle is the part, or a word of it ("calendly.com/maya-sproutdesk/intro": a person's page at the company)…
    const parts = [...subdomains, ...segments].map((part) => decodeURIComponent(part).toLowerCase());
    const handled = parts.some((part) => handles.has(compact(part)) || part.split(/[-_.]/).some((word) => handles.has(word)));
    // …or the link asks the visitor to act on a page of the vendor's app ("Book a demo" → meetings.hubspot.com/jane-doe;
    // "Pay now" → buy.stripe.com/…), not on the vendor's own pages ("/pricing", "/integrations").
    const acted =
      ACTION_LINK.test(normalizeSpace($(element).text())) && segments.length > 0 && !VENDOR_OWN_PAGES.test(segments[0]!.toLowerCase());
    if (handled || acted) record(tool, clip(href), 70);
  }
  // The hosts the page's Content-Security-Policy lets it load scripts, frames and requests from (a response header or a
  // <meta http-equiv>): the site vouches for them, though a policy can outlive a tool, so weaker than a script it loads.
  for (const policy of [
    signals.headers['content-security-policy'] ?? '',
    ...metas.flatMap((meta) =>
      /^content-security-policy$/i.test($(meta).attr('http-equiv') ?? '') ? [$(meta).attr('content') ?? ''] : [],
    ),
  ])
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name || /^(?:report-uri|report-to|sandbox|upgrade-insecure-requests)$/i.test(name)) continue;
      for (const source of sources) {
        const host =
          source
            .replace(/^'.*'$/, '')
            .replace(/^[a-z]+:\/\//i, '')
            .replace(/^\*\./, '')
            .split(/[/:]/)[0] ?? '';
        const tool = /\.[a-z]{2,}$/i.test(host) ? fromHost(host) : undefined;
        if (tool) record(tool, clip(`content-security-policy: ${name} … ${source}`), 60);
      }
    }
  for (const src of signals.scriptSrc) {
    let host: string;
    try {
      host = new URL(src, signals.url).hostname;
    } catch {
      continue;
    }
    const tool = fromHost(host);
    if (tool) record(tool, clip(src), 80);
    // A vendor's loader served from a short domain names itself in the file: "cdn.mxpnl.com/libs/mixpanel-2-latest.min.js";
    // the name is the file's whole first word ("conversion.js" is no loader of Conversio's).
    const file = (src.split(/[?#]/)[0]!.split('/').at(-1) ?? '').toLowerCase();
    const named = firstByPrefix(vendors, file, 6, (rest) => /^(?:[^a-z]|$)/.test(rest));
    if (named && !fromHost(host)) record(named.fingerprint, clip(src), 75);
  }
  elements.forEach(([, fingerprint], index) => {
    const element = embedded[index]![0];
    if (element) record(fingerprint, clip($.html(element).split('>')[0] + '>'), 70);
  });
  for (const [pattern, fingerprint] of pixels) {
    const match = pattern.exec(signals.html);
    if (match) record(fingerprint, around(signals.html, match.index, match[0].length), 70);
  }
  for (const script of signals.scripts)
    for (const [pattern, fingerprint] of calls) {
      const match = pattern.exec(script);
      if (match) record(fingerprint, around(script, match.index, match[0].length), 70);
    }
  for (const script of signals.scripts) {
    for (const match of script.matchAll(SCRIPT_URL)) {
      const tool = fromHost(match[1]!);
      if (tool) record(tool, around(script, match.index, match[0].length), 75);
    }
    scriptTrigrams.clear();
    scriptTrigrams.add(script);
    for (const { needle, codes, pattern, fingerprint } of globals) {
      if (!scriptTrigrams.hasAll(codes) || !script.includes(needle)) continue;
      const match = pattern.exec(script);
      if (match) record(fingerprint, around(script, match.index, match[0].length), 70);
    }
  }
  return [...found.values()];
}
