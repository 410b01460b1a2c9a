import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** `lead-scoring` → `leadScoring`. */
export function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The files of a new plugin, by path relative to its folder. */
export function pluginFiles(id: string): Record<string, string> {
  const words = id.split('-').map((word) => word[0]!.toUpperCase() + word.slice(1));
  const name = words.join(' ');
  const pascal = words.join('');
  const plugin = `${camelCase(id)}Plugin`;
  return {
    'package.json': `${JSON.stringify({
      name: `@meetflow/plugin-${id}`, version: '0.1.0', private: true, type: 'module',
      exports: { '.': './src/index.ts' },
      dependencies: { '@meetflow/plugin-sdk': '0.1.0', '@temporalio/common': '^1.24.0', zod: '^4.6.7' },
    }, null, 2)}\n`,
    // A TypeScript project of its own, over the SDK's (the root tsconfig.json lists it: see new-plugin).
    'tsconfig.json': `${JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { composite: true, noEmit: false, emitDeclarationOnly: true, rootDir: '.', outDir: `../../node_modules/.cache/tsc/plugins/${id}` },
      include: ['src', '*.ts'],
      references: [{ path: '../sdk' }],
    }, null, 2)}\n`,
    'src/config.ts': `import { z } from 'zod';

/** ${name}'s settings: every field has a default and a doc line (the host validates both). */
export const configSchema = z.object({
  greeting: z.string().min(1).default('Hello').describe('Word the greeting starts with.'),
});

export type ${pascal}Config = z.output<typeof configSchema>;
`,
    'src/manifest.ts': `import { defineManifest } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { configSchema } from './config.ts';

/** What ${name} is and offers, readable without running it. */
export const manifest = defineManifest({
  id: '${id}',
  name: '${name}',
  version: '0.1.0',
  description: 'Describe in one sentence what ${name} does for a sales team.',
  kind: 'agent',
  ui: { icon: 'sparkles', color: '#6366f1', category: 'Custom' },
  config: configSchema,
  activities: {
    greet: {
      description: 'Greets a prospect by name (replace with your first real activity).',
      input: z.object({ name: z.string().min(1) }),
      output: z.object({ message: z.string(), greetedAt: z.string() }),
      timeout: '10 seconds',
    },
  },
});
`,
    'src/activities.ts': `import type { PluginDeps } from '@meetflow/plugin-sdk';
import type { ${pascal}Config } from './config.ts';

/** ${name}'s activities, built over the dependencies the host injects. */
export function createActivities({ config, clock }: PluginDeps<${pascal}Config>) {
  return {
    async greet(input: { name: string }) {
      return { message: \`\${config.greeting}, \${input.name}!\`, greetedAt: clock.now().toISOString() };
    },
  };
}
`,
    'src/index.ts': `import { definePlugin } from '@meetflow/plugin-sdk';
import { createActivities } from './activities.ts';
import { manifest } from './manifest.ts';

/** The ${name} plugin: list it in platform/src/features/plugins/installed.ts to install it. */
export const ${plugin} = definePlugin(manifest, createActivities);
`,
    [`src/${id}.test.ts`]: `import { ApplicationFailure } from '@temporalio/common';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { ${plugin} } from './index.ts';

describe('${id}.greet', () => {
  it('greets with the configured word at the injected time', async () => {
    const deps = testDeps(${plugin}, { config: { greeting: 'Hi' } });
    await expect(runActivity(${plugin}, 'greet', { name: 'Ada' }, deps as never))
      .resolves.toEqual({ message: 'Hi, Ada!', greetedAt: '2026-11-22T09:00:00.000Z' });
  });

  it('rejects an empty name without retrying', async () => {
    const failure = await runActivity(${plugin}, 'greet', { name: '' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ nonRetryable: true });
  });
});
`,
    'README.md': `# ${name} (\`${id}\`)

Describe what this plugin does, for whom, and how its numbers are computed.

## Activities

| Activity | Input | Output |
|---|---|---|
| \`${id}.greet\` | \`{ name }\` | \`{ message, greetedAt }\` |

## Configuration

| Field | Default | Meaning |
|---|---|---|
| \`greeting\` | \`"Hello"\` | Word the greeting starts with. |

Settings come from \`MEETFLOW_PLUGINS_CONFIG\`, e.g. \`{"${id}": {"greeting": "Hi"}}\`.
`,
  };
}

/** Writes a new plugin into `dir` (normally plugins/<id>); refuses a bad id or an existing folder. */
export function scaffoldPlugin(id: string, dir: string): string[] {
  if (!KEBAB.test(id)) throw new Error(`plugin id "${id}" must be kebab-case, e.g. "crm-hubspot"`);
  if (existsSync(dir)) throw new Error(`${dir} already exists; choose another id`);
  const files = pluginFiles(id);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return Object.keys(files);
}

/**
 * Lists a project in the solution tsconfig (`tsc -b` type-checks what it references), after the
 * other plugins; the file's leading comment lines are kept. Listing it twice changes nothing.
 */
export function addToSolution(solutionPath: string, projectPath: string): void {
  const text = readFileSync(solutionPath, 'utf8');
  const comments = text.match(/^(\s*\/\/.*\n)*/)![0];
  const solution = JSON.parse(text.slice(comments.length)) as { files: string[]; references: Array<{ path: string }> };
  if (solution.references.some((reference) => reference.path === projectPath)) return;
  const lastPlugin = solution.references.findLastIndex((reference) => reference.path.startsWith('plugins/'));
  solution.references.splice(lastPlugin + 1, 0, { path: projectPath });
  writeFileSync(solutionPath, `${comments}${JSON.stringify(solution, null, 2)}\n`);
}
