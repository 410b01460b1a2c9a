// No plugin is named by a string in product code (#30): the platform names an agent or one of its
// activities through the SDK's contracts (`@meetflow/plugin-sdk/contracts/agents`), so a renamed
// plugin or activity is a type error, not a step that fails at run time as "not installed".
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AGENTS } from '@meetflow/plugin-sdk/contracts/agents';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { sourceFiles } from './sources.ts';

/**
 * Where a plugin may be named by a string: the list of installed plugins, and the built-in
 * pipelines' definitions (their node ids, such as the prospect pipeline's 'research' step, are
 * written there once; readers name them through PROSPECT_STEPS).
 */
const ALLOWED = new Set([
  'platform/src/features/runs/plugins/installed.ts',
  'platform/src/features/prospecting/superagent/prospect-pipeline.ts',
  'platform/src/features/runs/pipelines/built-ins.ts',
]);

/** The names no product string may be: each installed plugin's id, and each of its activities' `<id>.<activity>`. */
const pluginNames = new Set(
  installedPlugins.flatMap((plugin) => [
    plugin.manifest.id,
    ...Object.keys(plugin.manifest.activities).map((name) => `${plugin.manifest.id}.${name}`),
  ]),
);

/** The source without its comments (a comment may name a plugin: it is prose). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Each string literal of `source` that names a plugin or one of its activities (or starts a template with `<id>.`), with its line. */
export function pluginNamesIn(source: string): Array<{ line: number; name: string }> {
  const found: Array<{ line: number; name: string }> = [];
  withoutComments(source)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*?)\1/g)) {
        const value = match[2]!;
        // A template naming a plugin's activity by an expression: `ppm-pricing.${activity}`.
        const head = match[1] === '`' ? /^([a-z][a-z0-9-]*)\.\$\{/.exec(value)?.[1] : undefined;
        if (pluginNames.has(value)) found.push({ line: index + 1, name: value });
        else if (head !== undefined && pluginNames.has(head)) found.push({ line: index + 1, name: `${head}.\${…}` });
      }
    });
  return found;
}

/** Every product source file of the platform (tests and fixtures aside). */
const productFiles = () => sourceFiles(join(repoRoot, 'platform/src')).filter((path) => !path.endsWith('.fixture.ts'));

describe('plugins named in product code', () => {
  it('are named through the SDK contracts, never by a string', () => {
    const named = productFiles()
      .map((path) => relative(repoRoot, path))
      .filter((path) => !ALLOWED.has(path))
      .flatMap((path) => pluginNamesIn(readFileSync(join(repoRoot, path), 'utf8')).map(({ line, name }) => `${path}:${line} '${name}'`));
    expect(named).toEqual([]);
  });

  it('the check finds a plugin named by a string, in any quotes or as the head of a template', () => {
    const planted = [
      "const a = 'meeting-booking.proposeSlots';",
      'const b = "lead-scoring";',
      'const c = `ppm-pricing.${name}`;',
      "// 'research' in a comment is prose",
      "const d = 'researcher'; const e = 'score';",
    ].join('\n');
    expect(pluginNamesIn(planted)).toEqual([
      { line: 1, name: 'meeting-booking.proposeSlots' },
      { line: 2, name: 'lead-scoring' },
      { line: 3, name: 'ppm-pricing.${…}' },
    ]);
  });

  it("the contracts' names are the installed plugins' own: every agent and activity they name exists", () => {
    for (const agent of AGENTS) {
      const plugin = installedPlugins.find((candidate) => candidate.manifest.id === agent.plugin);
      expect(plugin, agent.plugin).toBeDefined();
      const { plugin: id, ...activities } = agent;
      for (const [name, qualified] of Object.entries(activities)) {
        expect(qualified).toBe(`${id}.${name}`);
        expect(Object.keys(plugin!.manifest.activities), qualified).toContain(name);
      }
    }
  });
});
