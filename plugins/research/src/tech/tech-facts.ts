import type { FactDraft } from '../facts.ts';
import type { ParsedPage } from '../page.ts';
import { detectTechnologies, type Detection } from './detect.ts';
import { classifyTechnology, describeClass } from './tech-class.ts';

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
function describe(detection: Detection): string {
  const version = detection.version ? ` ${detection.version}` : '';
  const category = detection.categories[0] ? `${detection.categories[0]}; ` : '';
  const implied = detection.impliedBy ? `, implied by ${detection.impliedBy}` : '';
  return `Uses ${detection.name}${version} (${category}${describeClass(classifyTechnology(detection.categories))})${implied}`;
}

/**
 * Runs the fingerprints over every page; a technology seen on several pages is reported once,
 * from the page where it was surest. Seen technologies come before implied ones.
 */
export function extractTechnologies(pages: readonly ParsedPage[]): TechResult {
  const best = new Map<string, { detection: Detection; url: string }>();
  for (const page of pages) {
    for (const detection of detectTechnologies(page.signals)) {
      const current = best.get(detection.name);
      const better =
        !current || (current.detection.impliedBy && !detection.impliedBy) || detection.confidence > current.detection.confidence;
      if (better) best.set(detection.name, { detection, url: page.url });
    }
  }
  const ordered = [...best.values()].sort((a, b) => Number(Boolean(a.detection.impliedBy)) - Number(Boolean(b.detection.impliedBy)));
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
