// Business tools a page embeds that the Wappalyzer patterns miss without a browser: many tools are
// fingerprinted only by the globals their script defines once it runs (Intercom, Drift, Mixpanel,
// Heap…), so a page that loads them is read here the way a person reading its source would:
// - a script loaded from the vendor's own domain ("widget.intercom.io", "js.driftt.com"), or such
//   a URL inside an inline snippet (Hotjar's loader names "static.hotjar.com");
// - an inline snippet that sets up or calls the tool's global ("window.heap=…", "mixpanel.init(…)",
//   "analytics.SNIPPET_VERSION").
// Only business tools are read this way, and only a name that can be told apart: a domain or a
// global that is the tool's own name, and names one tool only.
import { around, clip } from '../evidence.ts';
import type { Detection } from './detect.ts';
import { fingerprints, type Fingerprint } from './fingerprints.ts';
import type { PageSignals } from './signals.ts';
import { classifyTechnology } from './tech-class.ts';

const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "widget.intercom.io" → "intercom": the label a vendor registers (the one before the top-level domain). */
function domainLabel(host: string): string {
  const labels = host.toLowerCase().split('.').filter(Boolean);
  // "vendor.co.uk": skip a second-level public suffix.
  const second = labels.at(-2) ?? '';
  return /^(?:co|com|net|org|ac|gov)$/.test(second) && labels.length >= 3 ? (labels.at(-3) ?? '') : second;
}

interface VendorIndex {
  /** Domain label → the one business tool it names. */
  byDomain: Map<string, Fingerprint>;
  /** Global setups to look for in inline scripts, with their tool and a literal the script must hold first (a cheap check). */
  globals: Array<{ needle: string; pattern: RegExp; fingerprint: Fingerprint }>;
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
    // …or a global of its own name is ("driftt" for Drift, served from js.driftt.com).
    for (const global of fingerprint.globals)
      if (/^[a-z][a-z0-9]+$/i.test(global) && name.length >= 4 && global.toLowerCase().startsWith(name))
        offer(global.toLowerCase(), fingerprint);
  }
  const byDomain = new Map<string, Fingerprint>();
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
        globals.push({ needle: global, pattern: new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`), fingerprint });
      // A bare global counts only when it is the tool's own name ("Intercom", "mixpanel", "heap" of
      // "heap.version") and the snippet sets it on the window or calls it the way a loader does:
      // "window.heap=", "Intercom('boot'", "mixpanel.init(" (not "const drift = …", "convert(x)").
      const head = global.split('.')[0]!;
      if (head.length < 4 || compact(head) !== name || !/^[A-Za-z_$][\w$]*$/.test(head)) continue;
      const word = head.replace(/[$]/g, '\\$');
      globals.push({
        needle: head,
        pattern: new RegExp(
          `\\b(?:window|w)\\.${word}\\s*=(?!=)|(?<![\\w$.])${word}\\s*\\(\\s*['"]|(?<![\\w$.])${word}\\.[A-Za-z_$][\\w$]*\\s*\\(`,
        ),
        fingerprint,
      });
    }
  }
  index = { byDomain, globals };
  return index;
}

const SCRIPT_URL = /(?:https?:)?\/\/([a-z0-9.-]+\.[a-z]{2,})(?=[/:'"?]|$)/gi;

/** Business tools the page's scripts load or set up, that detectTechnologies does not already name. */
export function vendorScriptDetections(signals: PageSignals, known: ReadonlySet<string>): Detection[] {
  const { byDomain, globals } = vendorIndex();
  const ownLabel = domainLabel(new URL(signals.url).hostname);
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
    return label && label !== ownLabel ? byDomain.get(label) : undefined;
  };
  for (const src of signals.scriptSrc) {
    let host: string;
    try {
      host = new URL(src, signals.url).hostname;
    } catch {
      continue;
    }
    const tool = fromHost(host);
    if (tool) record(tool, clip(src), 80);
  }
  for (const script of signals.scripts) {
    for (const match of script.matchAll(SCRIPT_URL)) {
      const tool = fromHost(match[1]!);
      if (tool) record(tool, around(script, match.index, match[0].length), 75);
    }
    for (const { needle, pattern, fingerprint } of globals) {
      if (!script.includes(needle)) continue;
      const match = pattern.exec(script);
      if (match) record(fingerprint, around(script, match.index, match[0].length), 70);
    }
  }
  return [...found.values()];
}
