// The held-out set's generator: company sites written independently of the extractors they
// measure (its author read the harness, the industry taxonomy and the product spec, never the
// research or outreach plugins' code nor the development set's pages), each labelled with what
// the generator put on it. Seeded: the same seed writes the same bytes, and
// generate.test.ts checks that the committed fixtures are exactly its output.
//
// `node --import tsx platform/dev/eval/held-out/generate.ts` rewrites plugins/research/fixtures/held-out.
// Never change it, or its seed, to move the held-out figure: see that folder's README.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../../src/core/paths.ts';
import { Random } from './random.ts';
import { generateSite, type GeneratedLabel } from './site.ts';

/** Where the held-out sites, their labels and their groups are written. */
export const HELD_OUT_DIR = join(repoRoot, 'plugins', 'research', 'fixtures', 'held-out');

export const HELD_OUT_SEED = 20261129;

/**
 * The workspaces: each group is one seller's customers, from one or two industries, the way a
 * workspace builds its ICP from the customer sites it names.
 */
export const GROUPS: ReadonlyArray<{ industries: readonly [string, string]; sites: number }> = [
  { industries: ['Financial services & fintech', 'E-commerce & retail'], sites: 5 },
  { industries: ['Healthcare', 'HR & recruiting'], sites: 4 },
  { industries: ['Cybersecurity', 'Developer tools & infrastructure'], sites: 5 },
  { industries: ['Logistics & supply chain', 'Manufacturing'], sites: 5 },
  { industries: ['Marketing technology', 'Sales technology'], sites: 5 },
  { industries: ['Education', 'HR & recruiting'], sites: 4 },
  { industries: ['Real estate & construction', 'Energy & utilities'], sites: 4 },
  { industries: ['Legal', 'Financial services & fintech'], sites: 4 },
  { industries: ['Data & analytics', 'Sales technology'], sites: 4 },
  { industries: ['Hospitality & food', 'E-commerce & retail'], sites: 4 },
];

/** Every generated file, by its path inside HELD_OUT_DIR: the sites, labels.json and groups.json. */
export function generateHeldOut(seed = HELD_OUT_SEED): Map<string, string> {
  const files = new Map<string, string>();
  const labels: Record<string, GeneratedLabel> = {};
  const groups: Record<string, string[]> = {};
  const usedNames = new Set<string>();
  let index = 0;
  for (const [number, group] of GROUPS.entries()) {
    const random = Random.of(seed, 'group', number);
    // Both industries appear; the rest of the group falls to either.
    const industries = random.shuffle([
      ...group.industries,
      ...Array.from({ length: group.sites - 2 }, () => random.pick(group.industries)),
    ]);
    const name = `group-${String(number + 1).padStart(2, '0')}`;
    groups[name] = [];
    for (const industry of industries) {
      const site = generateSite(seed, index++, industry, usedNames);
      for (const [path, text] of site.files) files.set(`${site.slug}/${path}`, text);
      labels[site.slug] = site.label;
      groups[name].push(site.slug);
    }
  }
  files.set('labels.json', `${JSON.stringify(labels, null, 2)}\n`);
  files.set('groups.json', `${JSON.stringify(groups, null, 2)}\n`);
  return files;
}

/** Rewrites the folder: everything but its README.md is the generator's. */
export function writeHeldOut(dir = HELD_OUT_DIR, files = generateHeldOut()): void {
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir)) if (entry !== 'README.md') rmSync(join(dir, entry), { recursive: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = generateHeldOut();
  writeHeldOut(HELD_OUT_DIR, files);
  console.log(`wrote ${files.size} files to ${HELD_OUT_DIR}`);
}
