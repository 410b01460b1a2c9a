import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findIndustry } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { describe, expect, it } from 'vitest';
import { siteLabels } from '../eval-sites.ts';
import { painFound } from '../icp-metrics.ts';
import { generateHeldOut, HELD_OUT_DIR, HELD_OUT_SEED } from './generate.ts';
import { INDUSTRY_VOCABULARY } from './industries.ts';

const PLURALS = new Map(INDUSTRY_VOCABULARY.flatMap((industry) => industry.buyers.map((role) => [role.title, role.plural] as const)));

const committed = (): Map<string, string> => {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (relative(HELD_OUT_DIR, path) !== 'README.md')
        files.set(relative(HELD_OUT_DIR, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(HELD_OUT_DIR);
  return files;
};

/** A page's visible words, sentence by sentence (tags and scripts dropped, entities read). */
const sentences = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split(/\n|(?<=[.?!])\s+/)
    .map((line) => line.trim())
    .filter(Boolean);

describe('the held-out set', () => {
  const generated = generateHeldOut();
  const labels = siteLabels(HELD_OUT_DIR);
  const groups = JSON.parse(readFileSync(join(HELD_OUT_DIR, 'groups.json'), 'utf8')) as Record<string, string[]>;
  const pagesOf = (site: string) => [...generated].filter(([path]) => path.startsWith(`${site}/`) && path.endsWith('.html'));

  it('is exactly what the generator writes: regenerating yields the committed files byte for byte', () => {
    const onDisk = committed();
    const differing = [...new Set([...generated.keys(), ...onDisk.keys()])].filter((path) => generated.get(path) !== onDisk.get(path));
    expect(differing, 'run `node --import tsx platform/dev/eval/held-out/generate.ts`, never edit the fixtures by hand').toEqual([]);
    expect(generateHeldOut(HELD_OUT_SEED + 1).get('labels.json')).not.toBe(generated.get('labels.json'));
  });

  it('labels at least 40 sites of at least 12 taxonomy industries, each of 3 to 6 pages', () => {
    const sites = Object.keys(labels);
    expect(sites.length).toBeGreaterThanOrEqual(40);
    expect(new Set(Object.values(labels).map((label) => label.industry)).size).toBeGreaterThanOrEqual(12);
    expect(Object.values(labels).filter((label) => findIndustry(label.industry)?.label !== label.industry)).toEqual([]);
    expect(sites.filter((site) => pagesOf(site).length < 3 || pagesOf(site).length > 6)).toEqual([]);
    expect(Object.values(labels).filter((label) => label.sizeBand === null).length).toBeGreaterThan(0);
  });

  it('groups every site into exactly one workspace', () => {
    expect(Object.values(groups).flat().sort()).toEqual(Object.keys(labels).sort());
    expect(Object.values(groups).every((sites) => sites.length >= 3)).toBe(true);
  });

  it('labels only what is on the site: each title and hired role in its text, each pain in one of its sentences', () => {
    const unfounded: string[] = [];
    for (const [site, label] of Object.entries(labels)) {
      const text = pagesOf(site).flatMap(([, html]) => sentences(html));
      const all = text.join('\n');
      // A "built for" sentence names a buyer in the plural ("built for controllers"): the title is its singular.
      const said = (title: string) => all.includes(title) || (PLURALS.has(title) && all.includes(PLURALS.get(title) as string));
      for (const title of [...label.titles, ...(label.hiring ?? [])]) if (!said(title)) unfounded.push(`${site}: title ${title}`);
      for (const pain of label.pains) if (!painFound(pain, text)) unfounded.push(`${site}: pain ${pain}`);
      for (const role of label.hiring ?? []) if (label.titles.includes(role)) unfounded.push(`${site}: ${role} is both hired and a buyer`);
    }
    expect(unfounded).toEqual([]);
  });
});
