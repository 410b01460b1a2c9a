import type { FactDraft } from '../facts.ts';
import { companyNameOf } from '../company-name.ts';
import type { ParsedPage } from '../page.ts';
import { detectTechnologies, type Detection } from './detect.ts';
import { fingerprints, type Fingerprint } from './fingerprints.ts';
import { classifyTechnology, describeClass } from './tech-class.ts';
import { MENTION_CONFIDENCE, MENTION_LABEL, MENTION_ORDER, toolMentions, type MentionSource } from './tool-mentions.ts';
import { vendorScriptDetections } from './vendor-scripts.ts';

/** The technologies found across the pages, as names and as facts with their evidence. */
export interface TechResult {
  /** Every technology found, business tools and infrastructure alike (each fact says which). */
  techStack: string[];
  /** Technology name → the slug its fact id uses ("tech-<slug>"). */
  slugs: Map<string, string>;
  drafts: FactDraft[];
}

/**
 * "Uses Stripe (Payment processors; business tool: payments)", "Uses Nginx 1.25.3 (Web servers;
 * infrastructure), implied by …": the class is part of the value, the way readers of the research
 * result (the ICP builder, lead scoring) tell business tools from infrastructure.
 */
function describe(detection: Detection & { namedIn?: MentionSource; product?: string }): string {
  const version = detection.version ? ` ${detection.version}` : '';
  const category = detection.categories[0] ? `${detection.categories[0]}; ` : '';
  const implied = detection.impliedBy ? `, implied by ${detection.impliedBy}` : '';
  const named = detection.namedIn ? `, ${MENTION_LABEL[detection.namedIn]}` : '';
  const product = detection.product ? `, seen as ${detection.product}` : '';
  return `Uses ${detection.name}${version} (${category}${describeClass(classifyTechnology(detection.categories, detection.name))})${implied}${product}${named}`;
}

let lines: Map<string, Fingerprint> | undefined;

/** "vendor.co.uk" of "https://www.vendor.co.uk/products/x": the domain a vendor registers. */
function vendorDomain(website: string): string {
  try {
    const labels = new URL(website).hostname.toLowerCase().split('.');
    return labels.slice(/^(?:co|com|net|org)$/.test(labels.at(-2) ?? '') && labels.length >= 3 ? -3 : -2).join('.');
  } catch {
    return '';
  }
}

/**
 * A business tool that is one product of a vendor whose own tool the data set also has, by the
 * vendor's name and domain: "HubSpot Chat" and "HubSpot Analytics" are HubSpot, "Salesforce Service
 * Cloud" is Salesforce, "Zendesk Chat" is Zendesk. An ICP names the vendor a company buys from, so each
 * is reported as the vendor's tool (the fact says which product was seen).
 */
function vendorToolOf(name: string): Fingerprint | undefined {
  if (!lines) {
    const business = fingerprints().all.filter(
      (fingerprint) => classifyTechnology(fingerprint.categories, fingerprint.name).kind === 'business',
    );
    const byName = new Map(business.map((fingerprint) => [fingerprint.name, fingerprint]));
    lines = new Map();
    for (const product of business) {
      const words = product.name.split(' ');
      for (let length = words.length - 1; length > 0; length -= 1) {
        const vendor = byName.get(words.slice(0, length).join(' '));
        if (vendor && vendorDomain(vendor.website) !== '' && vendorDomain(vendor.website) === vendorDomain(product.website)) {
          lines.set(product.name, vendor);
          break;
        }
      }
    }
  }
  return lines.get(name);
}

/** A detection under its vendor's tool when it is one product of that vendor's (see vendorToolOf). */
function asVendorTool<T extends Detection>(detection: T): T & { product?: string } {
  const vendor = vendorToolOf(detection.name);
  if (!vendor) return detection;
  const { impliedBy: _impliedBy, ...seen } = detection;
  return { ...seen, name: vendor.name, slug: vendor.slug, categories: vendor.categories, version: '', product: detection.name } as T & {
    product?: string;
  };
}

/**
 * Runs the fingerprints over every page, then reads what they miss: business tools a script loads
 * or sets up (./vendor-scripts.ts), then tools the site only names in words (./tool-mentions.ts:
 * a statement of use, a testimonial, a job ad; weaker, and said so in the fact). A technology seen
 * on several pages or ways is reported once, from where it was surest: code over words, a statement
 * over a testimonial over a job ad. Seen technologies come before implied ones, and those before
 * tools only named.
 */
export function extractTechnologies(pages: readonly ParsedPage[]): TechResult {
  const best = new Map<string, { detection: Detection & { namedIn?: MentionSource; product?: string }; url: string }>();
  const home = pages.find((page) => page.kind === 'home') ?? pages[0];
  const company = home ? companyNameOf(home) : '';
  for (const page of pages) {
    const detections = detectTechnologies(page.signals);
    const known = new Set(detections.map((detection) => detection.name));
    for (const detection of [...detections, ...vendorScriptDetections(page.signals, known, company)].map(asVendorTool)) {
      const current = best.get(detection.name);
      const better =
        !current || (current.detection.impliedBy && !detection.impliedBy) || detection.confidence > current.detection.confidence;
      if (better) best.set(detection.name, { detection, url: page.url });
    }
  }
  const rank = (source: MentionSource) => MENTION_ORDER.indexOf(source);
  for (const mention of toolMentions(pages)) {
    const { name, slug, categories } = vendorToolOf(mention.fingerprint.name) ?? mention.fingerprint;
    const current = best.get(name);
    if (current && (!current.detection.namedIn || rank(current.detection.namedIn) <= rank(mention.source))) continue;
    best.set(name, {
      detection: {
        name,
        slug,
        categories,
        version: '',
        confidence: MENTION_CONFIDENCE[mention.source],
        evidence: mention.sentence,
        namedIn: mention.source,
      },
      url: mention.url,
    });
  }
  const tier = ({ detection }: { detection: Detection & { namedIn?: MentionSource } }) =>
    detection.namedIn ? 2 : detection.impliedBy ? 1 : 0;
  const ordered = [...best.values()].sort((a, b) => tier(a) - tier(b));
  return {
    techStack: ordered.map(({ detection }) => detection.name),
    slugs: new Map(ordered.map(({ detection }) => [detection.name, detection.slug])),
    drafts: ordered.map(({ detection, url }) => ({
      kind: 'tech',
      key: detection.slug,
      value: describe(detection),
      url,
      snippet: detection.evidence,
      confidence: detection.confidence / 100,
    })),
  };
}
