import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a plugin id or a feature name looks like: kebab-case. */
export const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** `lead-scoring` → `leadScoring`. */
export function camelCase(id: string): string {
  return id.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** What a plugin is for: an agent (an activity of the product's pipelines) or a prospect source (discovery searches it). */
export type ScaffoldKind = 'agent' | 'source';

/** The files of a new plugin, by path relative to its folder. */
export function pluginFiles(id: string, kind: ScaffoldKind = 'agent'): Record<string, string> {
  return kind === 'source' ? { ...commonFiles(id), ...sourceFiles(id) } : { ...commonFiles(id), ...agentFiles(id) };
}

function namesOf(id: string) {
  const words = id.split('-').map((word) => word[0]!.toUpperCase() + word.slice(1));
  return { name: words.join(' '), pascal: words.join(''), plugin: `${camelCase(id)}Plugin` };
}

/** package.json, tsconfig.json and the entry point: the same for every kind. */
function commonFiles(id: string): Record<string, string> {
  const { name, plugin } = namesOf(id);
  return {
    'package.json': `${JSON.stringify(
      {
        name: `@meetflow/plugin-${id}`,
        version: '0.1.0',
        private: true,
        type: 'module',
        exports: { '.': './src/index.ts' },
        dependencies: { '@meetflow/plugin-sdk': '0.1.0', '@temporalio/common': '^1.24.0', zod: '^4.6.7' },
        // Marks the package as a plugin: the platform loads every plugins/* package that has it, taking this export.
        meetflow: { plugin },
      },
      null,
      2,
    )}\n`,
    // A TypeScript project of its own, over the SDK's (the root tsconfig.json lists it: see new-plugin).
    'tsconfig.json': `${JSON.stringify(
      {
        extends: '../../tsconfig.base.json',
        compilerOptions: {
          composite: true,
          noEmit: false,
          emitDeclarationOnly: true,
          rootDir: '.',
          outDir: `../../node_modules/.cache/tsc/plugins/${id}`,
        },
        include: ['src', '*.ts'],
        references: [{ path: '../sdk' }],
      },
      null,
      2,
    )}\n`,
    'src/index.ts': `import { definePlugin } from '@meetflow/plugin-sdk';
import { createActivities } from './activities.ts';
import { manifest } from './manifest.ts';

/** The ${name} plugin: the platform loads it from plugins/${id} at start-up (package.json names this export). */
export const ${plugin} = definePlugin(manifest, createActivities);
`,
  };
}

/** An agent: one example activity (greet) to replace with real work. */
function agentFiles(id: string): Record<string, string> {
  const { name, pascal, plugin } = namesOf(id);
  return {
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
      // Who may place it in a pipeline: public (any member), sales-ops, admin, or internal (the platform only).
      access: 'public',
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

/**
 * A prospect source: config with its credential, a manifest declaring it (discovery lists it and
 * asks the sample database for it until the key is set), and searchPeople over a JSON people
 * search, to adapt to the provider's API.
 */
function sourceFiles(id: string): Record<string, string> {
  const { name, pascal, plugin } = namesOf(id);
  const display = name.replace(/^Source /, '');
  return {
    'src/config.ts': `import { serverOnly } from '@meetflow/plugin-sdk';
import { z } from 'zod';

/**
 * ${display}'s settings: every field has a default and a doc line (the host validates both). A pipeline step may set
 * its own value of a field (its \`config\`), except the credentials and the fields marked serverOnly.
 */
export const configSchema = z.object({
  apiKey: z.string().default('').describe('API key of the provider, sent as a bearer token; empty means not configured.'),
  baseUrl: serverOnly(
    z.url({ protocol: /^https?$/ }).default('https://api.example.com/v1').describe('Base URL of the provider\\'s people-search API.'),
    'decides where the API key is sent',
  ),
  requestsPerMinute: z.number().int().min(1).max(6000).default(60).describe('Requests sent per minute at most, spaced evenly (set it to the provider\\'s documented limit).'),
  maxRetryAfterSeconds: z.number().int().min(0).max(300).default(30)
    .describe('On HTTP 429, wait what Retry-After asks up to this many seconds, then fail retryably.'),
});

export type ${pascal}Config = z.output<typeof configSchema>;
`,
    'src/manifest.ts': `import { defineManifest, DiscoveredPersonSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { configSchema } from './config.ts';

/** Input of searchPeople: the ICP criteria, and which page of \`limit\` people. */
export const SearchPeopleInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(100).default(25).describe('People returned at most (one page).'),
  page: z.number().int().min(1).max(500).default(1).describe('1-based page of \`limit\` people.'),
});

/** Output of searchPeople: what discovery merges, scores and de-duplicates. */
export const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().nullable().describe('People the provider says match, across all pages; null when it does not say.'),
  hasMore: z.boolean().describe('True when the provider has people beyond this page.'),
});

/** What ${display} is and offers, readable without running it: discovery lists it as a source. */
export const manifest = defineManifest({
  id: '${id}',
  name: '${display}',
  version: '0.1.0',
  description: 'Finds people matching an ICP with ${display} (describe the provider and what it searches).',
  kind: 'source',
  ui: { icon: 'search', color: '#6366f1', category: 'Prospect sources' },
  source: {
    displayName: '${display}',
    credentials: [{ key: 'apiKey', label: 'API key', secret: true }],
    credentialsTest: 'A search with a wrong key fails at once with SourceAuthFailed: the provider answers HTTP 401.',
  },
  config: configSchema,
  activities: {
    searchPeople: {
      description: 'Searches ${display} for people matching ICP criteria; fails with SourceNotConfigured without an API key.',
      access: 'sales-ops',
      input: SearchPeopleInput,
      output: SearchPeopleOutput,
      timeout: '2 minutes',
    },
  },
});
`,
    'src/activities.ts': `import { DiscoveredPersonSchema, providerCall, type ActivityContext, type PluginDeps } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { ${pascal}Config } from './config.ts';
import type { SearchPeopleInput, SearchPeopleOutput } from './manifest.ts';

/** The provider's answer. Adapt it (and the request below) to the provider's API, mapping its people to DiscoveredPerson. */
const ProviderAnswer = z.object({
  people: z.array(DiscoveredPersonSchema),
  total: z.number().int().nullable().default(null),
  hasMore: z.boolean().optional(),
});

/** The activities of ${display}, built over the dependencies the host injects (one request throttle per plugin). */
export function createActivities({ http, clock, config }: PluginDeps<${pascal}Config>) {
  const call = providerCall(http, clock, { provider: '${display}', ...config });
  return {
    async searchPeople({ criteria, limit, page }: z.output<typeof SearchPeopleInput>, context: ActivityContext): Promise<z.input<typeof SearchPeopleOutput>> {
      if (!config.apiKey) {
        throw ApplicationFailure.create({ type: 'SourceNotConfigured', nonRetryable: true,
          message: '${display} is not configured: set apiKey in the ${id} plugin settings' });
      }
      const answer = await call(\`\${config.baseUrl.replace(/\\/$/, '')}/people/search\`, {
        method: 'POST', headers: { authorization: \`Bearer \${config.apiKey}\` }, body: { criteria, limit, page },
      }, context.signal);
      const parsed = ProviderAnswer.safeParse(answer);
      if (!parsed.success) {
        throw ApplicationFailure.create({ type: 'SourceBadResponse', nonRetryable: true,
          message: \`${display} answered an unexpected shape: \${z.prettifyError(parsed.error)}\` });
      }
      const people = parsed.data.people.slice(0, limit);
      return { people, sourceTotal: parsed.data.total, hasMore: parsed.data.hasMore ?? people.length === limit };
    },
  };
}
`,
    [`src/${id}.test.ts`]: `import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { runActivity, startFakeProvider, testDeps, type FakeProviderServer } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ${plugin} } from './index.ts';

const person = {
  firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'VP Sales', company: 'Analytical Engines', companyDomain: 'analytical.example',
  email: 'ada@analytical.example', linkedinUrl: null, industry: 'SaaS', employeeCount: 120, companyRevenue: null, techStack: [],
  recentFunding: null, location: null, sourceRef: 'p-1',
};
let provider: FakeProviderServer<Record<string, unknown>>;
beforeAll(async () => {
  provider = await startFakeProvider((request, reply) => (request.headers.authorization === 'Bearer good-key'
    ? reply(200, { people: [person], total: 1, hasMore: false }) : reply(401, { message: 'bad key' })));
});
afterAll(() => provider.close());

const deps = (apiKey: string) => testDeps(${plugin}, {
  config: { apiKey, baseUrl: provider.origin }, http: createGuardedHttpClient({ allowHosts: [provider.host] }),
});
const criteria = { industry: ['SaaS'], jobTitles: ['VP Sales'] };

describe('${id}.searchPeople', () => {
  it('answers the provider\\'s people for the criteria', async () => {
    await expect(runActivity(${plugin}, 'searchPeople', { criteria, limit: 10 }, deps('good-key') as never))
      .resolves.toEqual({ people: [person], sourceTotal: 1, hasMore: false });
    expect(provider.requests.at(-1)?.body).toMatchObject({ criteria: { industry: ['SaaS'] }, limit: 10, page: 1 });
  });

  it('fails without retrying when it has no key or a wrong one', async () => {
    await expect(runActivity(${plugin}, 'searchPeople', { criteria }, deps('') as never)).rejects.toMatchObject({ type: 'SourceNotConfigured', nonRetryable: true });
    await expect(runActivity(${plugin}, 'searchPeople', { criteria }, deps('wrong') as never)).rejects.toMatchObject({ type: 'SourceAuthFailed', nonRetryable: true });
  });
});
`,
    'README.md': `# ${display} (\`${id}\`)

A prospect source: discovery lists it (as "${display}", source id \`${id.replace(/^source-/, '')}\`) and searches it for people matching
the ICP. Until its API key is set, the built-in sample database answers in its place, marked sample.

Adapt \`src/activities.ts\` to the provider's API: the request, and the mapping of its people to \`DiscoveredPerson\`.

## Configuration

| Field | Default | Meaning |
|---|---|---|
| \`apiKey\` | \`""\` | API key (secret); empty means not configured. |
| \`baseUrl\` | \`"https://api.example.com/v1"\` | Base URL of the people-search API. |
| \`requestsPerMinute\` | \`60\` | Requests per minute at most. |
| \`maxRetryAfterSeconds\` | \`30\` | Longest wait on HTTP 429. |

Settings come from \`MEETFLOW_PLUGINS_CONFIG\`, e.g. \`{"${id}": {"apiKey": "..."}}\`.
`,
  };
}

/** Writes a new plugin into `dir` (normally plugins/<id>); refuses a bad id, a source id without `source-`, or an existing folder. */
export function scaffoldPlugin(id: string, dir: string, kind: ScaffoldKind = 'agent'): string[] {
  if (!KEBAB.test(id)) throw new Error(`plugin id "${id}" must be kebab-case, e.g. "crm-hubspot"`);
  if (kind === 'source' && !id.startsWith('source-'))
    throw new Error(`a source plugin's id starts with "source-" (discovery names it by the rest), e.g. "source-${id}"`);
  if (existsSync(dir)) throw new Error(`${dir} already exists; choose another id`);
  const files = pluginFiles(id, kind);
  writeFiles(dir, files);
  return Object.keys(files);
}

/** Writes each of `files` (by path relative to `dir`), making the folders it needs. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
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
