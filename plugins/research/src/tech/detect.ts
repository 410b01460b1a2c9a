import { fingerprints, type Fingerprint } from './fingerprints.ts';
import { isCheckable, matchFingerprint, type Hit } from './match.ts';
import { FingerprintGates } from './prefilter.ts';
import type { PageSignals } from './signals.ts';

/** A technology found on a page, with the text that gave it away. */
export interface Detection {
  name: string;
  slug: string;
  categories: string[];
  /** 0–100: Wappalyzer's confidence, summed over the patterns that matched. */
  confidence: number;
  version: string;
  /** The matching snippet (a script src, a header, a piece of HTML). */
  evidence: string;
  /** Set when the technology was not seen but implied by one that was (Next.js implies React). */
  impliedBy?: string;
}

/** Looked for only once other technologies (or a technology of some category) were found. */
const isConditional = (fp: Fingerprint) => fp.requires.length > 0 || fp.requiresCategories.length > 0;

let checkable: { all: Fingerprint[]; gates: FingerprintGates } | undefined;

function checkableFingerprints() {
  if (!checkable) {
    const all = fingerprints().all.filter(isCheckable);
    checkable = { all, gates: new FingerprintGates(all) };
  }
  return checkable;
}

function detectionOf(fingerprint: Fingerprint, hits: Hit[]): Detection {
  // Wappalyzer keeps the longest plausible version; long numbers are build stamps, not versions.
  const version = hits
    .map((hit) => hit.version)
    .filter((candidate) => candidate.length <= 15 && (Number.parseInt(candidate, 10) || 0) < 10_000)
    .reduce((longest, candidate) => (candidate.length > longest.length ? candidate : longest), '');
  return {
    name: fingerprint.name,
    slug: fingerprint.slug,
    categories: fingerprint.categories,
    version,
    confidence: Math.min(
      100,
      hits.reduce((sum, hit) => sum + hit.confidence, 0),
    ),
    // The hit that told the version is the most telling one to show.
    evidence: (hits.find((hit) => version && hit.version === version) ?? hits[0])?.snippet ?? fingerprint.name,
  };
}

function addImplied(found: Map<string, Detection>): void {
  const { byName } = fingerprints();
  let added = true;
  while (added) {
    added = false;
    for (const detection of [...found.values()]) {
      for (const implied of byName.get(detection.name)?.implies ?? []) {
        const target = byName.get(implied.name);
        if (!target || found.has(target.name)) continue;
        found.set(target.name, {
          name: target.name,
          slug: target.slug,
          categories: target.categories,
          version: implied.version,
          confidence: Math.min(detection.confidence, implied.confidence),
          evidence: detection.evidence,
          impliedBy: detection.name,
        });
        added = true;
      }
    }
  }
}

/**
 * The technologies a page shows without running it: Wappalyzer fingerprints over its HTML,
 * script sources, inline scripts, meta tags, headers, cookies, URL and CSS selectors, then
 * technologies that need another first, exclusions, and implied technologies. Only the
 * fingerprints the page's text and keys leave possible are matched (./prefilter.ts);
 * `exhaustive` matches every one, which must find the same (the prefilter's test).
 */
export function detectTechnologies(signals: PageSignals, options: { exhaustive?: boolean } = {}): Detection[] {
  const { all, gates } = checkableFingerprints();
  const { fingerprints: candidates, mayMatch } = options.exhaustive
    ? { fingerprints: all, mayMatch: undefined }
    : gates.possibleOn(signals);
  const found = new Map<string, Detection>();
  const record = (fingerprint: Fingerprint) => {
    const hits = matchFingerprint(fingerprint, signals, mayMatch).filter((hit) => hit.confidence > 0);
    if (hits.length > 0) found.set(fingerprint.name, detectionOf(fingerprint, hits));
  };
  candidates.filter((fp) => !isConditional(fp)).forEach(record);
  const foundCategories = () => new Set([...found.keys()].flatMap((name) => fingerprints().byName.get(name)?.categoryIds ?? []));
  const categories = foundCategories();
  candidates
    .filter(isConditional)
    .filter((fp) => fp.requires.every((name) => found.has(name)) && fp.requiresCategories.every((id) => categories.has(id)))
    .forEach(record);
  for (const detection of [...found.values()]) {
    for (const excluded of fingerprints().byName.get(detection.name)?.excludes ?? []) found.delete(excluded);
  }
  addImplied(found);
  return [...found.values()];
}
