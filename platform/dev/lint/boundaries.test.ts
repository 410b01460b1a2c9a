// The lint rules that keep the packages apart bite: each planted breach is reported by its rule,
// and the same import at a permitted place is not. (The whole tree passing is `npm run lint`.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';
import { DOMAINS } from '../../src/core/feature.ts';

const eslint = new ESLint({ cwd: repoRoot });

/** The rules a file planted at `path` (relative to the repository) breaks, one entry per report. */
async function brokenRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, path) });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('npm run lint: the package boundaries', () => {
  it('a plugin imports only the SDK: another plugin is refused, by name or by a relative path', async () => {
    expect(
      await brokenRules(
        'plugins/research/src/planted.ts',
        "import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';\nexport const id = leadScoringPlugin.manifest.id;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        'plugins/research/src/planted.ts',
        "import { leadScoringPlugin } from '../../lead-scoring/src/index.ts';\nexport const id = leadScoringPlugin.manifest.id;\n",
      ),
    ).toEqual(['import-x/no-relative-packages']);
    expect(
      await brokenRules(
        'plugins/research/src/planted.ts',
        "import { platform } from '@meetflow/platform/core/config';\nexport const p = platform;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        'plugins/research/src/planted.ts',
        "import { definePlugin } from '@meetflow/plugin-sdk';\nimport { researchPlugin } from './index.ts';\nexport const both = [definePlugin, researchPlugin];\n",
      ),
    ).toEqual([]);
  });

  it('the SDK imports no other Meetflow package', async () => {
    expect(
      await brokenRules(
        'plugins/sdk/src/planted.ts',
        "import type { Models } from '@meetflow/platform/core/db/models';\nexport type M = Models;\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('workflow code imports no platform code and nothing with I/O; its tests may', async () => {
    expect(
      await brokenRules(
        'workflows/src/planted.ts',
        "import type { Models } from '@meetflow/platform/core/db/models';\nexport type M = Models;\n",
      ),
    ).toEqual(['no-restricted-imports']);
    expect(
      await brokenRules(
        'workflows/src/planted.ts',
        "import { readFileSync } from 'node:fs';\nimport mongoose from 'mongoose';\nexport const io = [readFileSync, mongoose];\n",
      ),
    ).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(
      await brokenRules(
        'workflows/src/planted.ts',
        "import { proxyActivities } from '@temporalio/workflow';\nimport type { PipelineActivities } from './activities.ts';\nexport const p = proxyActivities<PipelineActivities>;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules('workflows/src/planted.test.ts', "import { readFileSync } from 'node:fs';\nexport const io = readFileSync;\n"),
    ).toEqual([]);
  });

  it('platform product code names no plugin (only the installed list does) and imports no development tooling', async () => {
    const pluginImport =
      "import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';\nexport const id = leadScoringPlugin.manifest.id;\n";
    expect(await brokenRules('platform/src/features/prospecting/campaigns/planted.ts', pluginImport)).toEqual(['no-restricted-imports']);
    expect(await brokenRules('platform/src/features/runs/plugins/installed.ts', pluginImport)).toEqual([]);
    expect(
      await brokenRules(
        'platform/src/features/prospecting/campaigns/planted.ts',
        "import { freePort } from '../../../../dev/devstack/ports.ts';\nexport const port = freePort;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await brokenRules(
        'platform/src/features/prospecting/campaigns/planted.test.ts',
        "import { freePort } from '../../../../dev/devstack/ports.ts';\nexport const port = freePort;\n",
      ),
    ).toEqual([]);
  });

  it('a platform domain imports only the domains before it, never one that builds on it, and those only through their services', async () => {
    // Each domain and the one after it: the upward import is refused, the downward one is refused too unless it goes
    // through the lower domain's services.ts (real files, which the rule resolves).
    const declaration = (domain: string) => {
      const feature = readdirSync(join(repoRoot, 'platform/src/features', domain)).sort()[0]!;
      return `import { x } from '../../${domain}/${feature}/feature.ts';\nexport const y = x;\n`;
    };
    for (const [lower, higher] of DOMAINS.slice(1).map((domain, index) => [DOMAINS[index]!, domain] as const)) {
      const upward = declaration(higher);
      expect(await brokenRules(`platform/src/features/${lower}/planted/planted.ts`, upward), `${lower} → ${higher}`).toEqual([
        'import-x/no-restricted-paths',
      ]);
      const downward = declaration(lower);
      expect(await brokenRules(`platform/src/features/${higher}/planted/planted.ts`, downward), `${higher} → ${lower}`).toEqual([
        'import-x/no-restricted-paths',
      ]);
      const throughServices = `import * as offered from '../../${lower}/services.ts';\nexport const y = offered;\n`;
      expect(
        await brokenRules(`platform/src/features/${higher}/planted/planted.ts`, throughServices),
        `${higher} → ${lower}'s services`,
      ).toEqual([]);
    }
  });

  it('a UI feature reaches another only through its index.ts', async () => {
    expect(
      await brokenRules(
        'ui/src/features/campaigns/planted.ts',
        "import type { DiscoveredProspect } from '../discovery/api/types.ts';\nexport type P = DiscoveredProspect;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await brokenRules(
        'ui/src/features/outbox/planted.ts',
        "import type { DiscoveredProspect } from '../discovery/index.ts';\nimport { STATUS_BADGE } from '../campaigns/index.ts';\nexport const b = STATUS_BADGE;\nexport type P = DiscoveredProspect;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'ui/src/features/campaigns/planted.ts',
        "import { stagePercent } from './utils/campaign.ts';\nexport const c = stagePercent;\n",
      ),
    ).toEqual([]);
  });

  it('a part of a UI feature in a folder of its own (the pipelines editor) is inside that feature', async () => {
    expect(
      await brokenRules(
        'ui/src/features/pipelines/editor/utils/planted.ts',
        "import { STEP_NODE_SIZE } from '../../components/graph/layout.ts';\nexport const size = STEP_NODE_SIZE;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'ui/src/features/campaigns/planted.ts',
        "import { emptyDefinition } from '../pipelines/editor/utils/new-pipeline.ts';\nexport const d = emptyDefinition;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });
});
