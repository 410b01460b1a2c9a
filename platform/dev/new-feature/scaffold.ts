// The feature scaffold behind `npm run new-feature -- <domain> <name>`: the files of a working
// platform feature (one workspace-scoped collection with a unique index, a list route and a create
// route, their test), and the edits that register it, each a text transform of the file as it is
// when the scaffold runs: the feature list (features/index.ts), the database map
// (features/models.ts) and the contract suite's tables (platform/dev/contract), which want a case
// for every route.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DOMAINS, type Domain } from '../../src/core/feature.ts';
import { camelCase, KEBAB, writeFiles } from '../new-plugin/scaffold.ts';

/** Where the platform's features live, relative to the repository. */
export const FEATURES_DIR = 'platform/src/features';

/** Every name the scaffold derives from a feature's domain and name (here for `call-notes`). */
export interface FeatureNames {
  domain: Domain;
  /** `call-notes`: the folder, the feature's name and its API path segment. */
  name: string;
  /** `call notes`, for sentences. */
  words: string;
  /** `callNotesFeature`, listed in features/index.ts. */
  feature: string;
  /** `callNotesModels`, spread into the database map. */
  models: string;
  /** `callNotes`: the collection's key in the database map (`db.callNotes`). */
  key: string;
  /** `CallNotesItem`: the stored document's type and mongoose model name. */
  item: string;
  /** `CallNotes`, the prefix of its other types (`CallNotesDb`, `CallNotesDeps`). */
  pascal: string;
  /** `call_notes`: the collection. */
  collection: string;
  /** `/api/call-notes`. */
  path: string;
  /** `platform/src/features/<domain>/call-notes`, relative to the repository. */
  dir: string;
}

/** The names of a new feature; refuses a domain that is not one of DOMAINS and a name that is not kebab-case. */
export function featureNames(domain: string, name: string): FeatureNames {
  if (!(DOMAINS as readonly string[]).includes(domain)) throw new Error(`domain "${domain}" is not one of ${DOMAINS.join(', ')}`);
  if (!KEBAB.test(name)) throw new Error(`feature name "${name}" must be kebab-case, e.g. "call-notes"`);
  const parts = name.split('-');
  const key = camelCase(name);
  const pascal = key[0]!.toUpperCase() + key.slice(1);
  return {
    domain: domain as Domain,
    name,
    words: parts.join(' '),
    feature: `${key}Feature`,
    models: `${key}Models`,
    key,
    item: `${pascal}Item`,
    pascal,
    collection: parts.join('_'),
    path: `/api/${name}`,
    dir: `${FEATURES_DIR}/${domain}/${name}`,
  };
}

/** What the platform already has, which a new feature must not take: names, routes, collections. */
export interface Taken {
  features: ReadonlyArray<{ name: string; domain: string }>;
  /** `GET /api/runs`… */
  routes: ReadonlySet<string>;
  /** The database map's keys, model names and collection names. */
  models: ReadonlySet<string>;
}

/** What is taken, from the feature list, the documented routes and the database map (as the CLI loads them). */
export function takenOf(
  features: ReadonlyArray<{ name: string; domain: string }>,
  routes: ReadonlyArray<{ method: string; path: string }>,
  models: Record<string, { modelName: string; collection: { collectionName: string } }>,
): Taken {
  return {
    features: features.map(({ name, domain }) => ({ name, domain })),
    routes: new Set(routes.map((route) => `${route.method.toUpperCase()} ${route.path}`)),
    models: new Set(Object.entries(models).flatMap(([key, model]) => [key, model.modelName, model.collection.collectionName])),
  };
}

/** Refuses a name that is already a feature's (in any domain: one name per capability), or whose routes or collection are taken. */
export function checkFree(names: FeatureNames, taken: Taken): void {
  const same = taken.features.find((feature) => feature.name === names.name);
  if (same) throw new Error(`"${names.name}" is already a feature (${same.domain}/${same.name}); choose another name`);
  for (const method of ['GET', 'POST']) {
    if (taken.routes.has(`${method} ${names.path}`))
      throw new Error(`${method} ${names.path} is already served by another feature; choose another name`);
  }
  for (const word of [names.key, names.item, names.collection]) {
    if (taken.models.has(word)) throw new Error(`the database map already has "${word}"; choose another name`);
  }
}

/** The path of `target` (relative to the repository) as an import from a file in `fromDir` (relative to the repository). */
function importPath(fromDir: string, target: string): string {
  const path = relative(fromDir, target);
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * The files of a new feature, by name, for its folder `dir` (relative to the repository; normally
 * `names.dir`, elsewhere for a test of the scaffold: every import is computed from it).
 */
export function featureFiles(names: FeatureNames, dir = names.dir): Record<string, string> {
  const from = (target: string) => importPath(dir, target);
  const { domain, name, words, feature, models, key, item, pascal, collection, path } = names;
  // Another domain is used through its services.ts; inside accounts, the trail itself.
  const auditTrail = `platform/src/features/accounts/${domain === 'accounts' ? 'audit/trail.ts' : 'services.ts'}`;
  const view = `${item}View`;
  const body = `New${item}Body`;
  const input = `New${item}`;
  const routes = `${key}Routes`;
  const router = `${key}Router`;
  const list = `list${pascal}`;
  const add = `add${item}`;
  return {
    'feature.ts': `// The workspace's ${words} (GET/POST ${path}), scaffolded by \`npm run new-feature\`: say here what it is for.
import { defineFeature } from '${from('platform/src/features/context.ts')}';
import { ${models} } from './model.ts';
import { ${router}, ${routes} } from './routes.ts';

export const ${feature} = defineFeature({
  name: '${name}',
  domain: '${domain}',
  uses: ['${key}'],
  models: ${models},
  routes: [{ routes: ${routes}, build: ({ product }) => ${router}({ db: product.db }) }],
});
`,
    'model.ts': `import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import { ConflictError } from '${from('platform/src/core/errors.ts')}';
import type { ${input}, ${view} } from './api-schemas.ts';

/** An item of a workspace's ${words}, as stored. */
export interface ${item} {
  workspaceId: string;
  /** Unique in its workspace (another workspace may use it too). */
  name: string;
  description: string;
  /** Who added it: \`user:<id>\` or \`token:<id>\`. */
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

const ${item}Schema = new Schema<${item}>(
  {
    workspaceId: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    createdBy: { type: String, required: true },
  },
  { timestamps: true },
);
// Every read is one workspace's, by name; the index also refuses a second item of the same name there.
${item}Schema.index({ workspaceId: 1, name: 1 }, { unique: true });

/** Registers the ${words} model on a connection (once); collection \`${collection}\`. The database map (features/models.ts) spreads it. */
export function ${models}(connection: Connection) {
  return {
    ${key}:
      (connection.models.${item} as Model<${item}> | undefined) ??
      connection.model<${item}>('${item}', ${item}Schema, '${collection}'),
  };
}
export type ${pascal}Db = ReturnType<typeof ${models}>;

type Stored = ${item} & { _id: { toString(): string } };

const viewOf = (stored: Stored): ${view} => ({
  id: String(stored._id),
  name: stored.name,
  description: stored.description,
  createdBy: stored.createdBy,
  createdAt: stored.createdAt.toISOString(),
});

/** The workspace's ${words}, by name. */
export async function ${list}(db: ${pascal}Db, workspaceId: string): Promise<${view}[]> {
  const stored = await db.${key}.find({ workspaceId }).sort({ name: 1 }).lean<Stored[]>();
  return stored.map(viewOf);
}

/** Adds one to the workspace's ${words}; the unique index refuses a name it already has, even from two requests at once. */
export async function ${add}(
  db: ${pascal}Db,
  workspaceId: string,
  input: ${input},
  createdBy: string,
): Promise<${view}> {
  try {
    const created = await db.${key}.create({ ...input, workspaceId, createdBy });
    return viewOf(created.toObject());
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    throw new ConflictError(\`The workspace already has "\${input.name}" in its ${words}: choose another name\`);
  }
}
`,
    'api-schemas.ts': `import { z } from 'zod';
import { nonBlank } from '${from('platform/src/core/http/api-strings.ts')}';

/** Body of POST ${path}: what to add. It names no workspace: the request's is used (a workspace key is refused as unknown). */
export const ${body} = z.strictObject({
  name: nonBlank(200, 'must not be empty', 'must be at most 200 characters').describe('Unique in the workspace'),
  description: z.string().max(2_000, 'must be at most 2000 characters').default('').describe('What it is for (optional)'),
});
export type ${input} = z.infer<typeof ${body}>;

/** An item of the workspace's ${words}, as the API shows it. */
export const ${view} = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdBy: z.string().describe('Who added it: user:<id> or token:<id>'),
  createdAt: z.iso.datetime(),
});
export type ${view} = z.infer<typeof ${view}>;
`,
    'routes.ts': `import { z } from 'zod';
import { accessOf } from '${from('platform/src/core/http/access-check.ts')}';
import { route, routerOf } from '${from('platform/src/core/http/api-route.ts')}';
import { WorkspaceQuery, workspaceOf } from '${from('platform/src/core/http/workspace.ts')}';
import { auditChange } from '${from(auditTrail)}';
import { ${view}, ${body} } from './api-schemas.ts';
import { ${add}, ${list}, type ${pascal}Db } from './model.ts';

/** What the ${words} routes are built over. */
export interface ${pascal}Deps {
  db: ${pascal}Db;
}

const tags = ['${name}'];

/**
 * ${path}: the workspace's ${words}, every member reads them, sales-ops and above add to them. The
 * workspace is always the one the access check resolved for the caller, never one the request names in its body.
 */
export const ${routes} = [
  route<${pascal}Deps>(
    {
      method: 'get',
      path: '${path}',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's ${words}, by name",
      responses: {
        200: { description: 'By name', schema: z.array(${view}) },
        400: { description: 'Invalid workspace slug' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        ctx.body = await ${list}(db, workspaceOf(ctx));
      },
  ),
  route<${pascal}Deps>(
    {
      method: 'post',
      path: '${path}',
      access: 'sales-ops',
      tags,
      query: WorkspaceQuery,
      body: ${body},
      summary: "Adds to the workspace's ${words}",
      responses: {
        201: { description: 'As stored', schema: ${view} },
        400: { description: 'A bad field, named' },
        409: { description: 'The workspace already has one of that name' },
      },
    },
    ({ db }) =>
      async (ctx) => {
        const input = ${body}.parse(ctx.request.body ?? {});
        const added = await ${add}(db, workspaceOf(ctx), input, accessOf(ctx).principal.id);
        auditChange(ctx, { before: null, after: added });
        ctx.status = 201;
        ctx.body = added;
      },
  ),
];

export const ${router} = (deps: ${pascal}Deps) => routerOf(${routes}, deps);
`,
    'routes.test.ts': `import type { Connection } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '${from('platform/dev/testing/database.ts')}';
import { serveForTest } from '${from('platform/dev/testing/http.ts')}';
import { memberToken, ownerToken } from '${from('platform/dev/testing/principal.ts')}';
import type { Role } from '${from('platform/src/core/access.ts')}';
import { createKoaApp } from '${from('platform/src/core/http/app.ts')}';
import { sessionsAndTokens } from '${from('platform/src/features/accounts/auth/authenticate.ts')}';
import { DEFAULT_SESSION_POLICY } from '${from('platform/src/features/accounts/auth/sessions.ts')}';
import { createModels } from '${from('platform/src/features/models.ts')}';
import type { ${view} } from './api-schemas.ts';
import { ${models} } from './model.ts';
import { ${router} } from './routes.ts';

// The ${words} routes behind the app's own middleware, called with real API tokens of each role, over the run's database.
const [WS, OTHER] = ['acme', 'rival'];

let connection: Connection;
let server: Awaited<ReturnType<typeof serveForTest>>;
const tokens = {} as Record<Exclude<Role, 'owner'> | 'other', string>;

beforeAll(async () => {
  connection = await openTestDatabase('${name}');
  const models = createModels(connection);
  const db = ${models}(connection);
  await Promise.all([models.workspaces.init(), models.apiTokens.init(), db.${key}.init()]);
  for (const role of ['admin', 'sales-ops', 'viewer'] as const) tokens[role] = await memberToken(models, WS, role);
  tokens.other = await ownerToken(models, OTHER);
  const logger = pino({ level: 'silent' });
  const authenticator = sessionsAndTokens(models, DEFAULT_SESSION_POLICY);
  server = await serveForTest(createKoaApp({ logger, authenticator, routers: [${router}({ db })], audit: null }));
});
afterAll(async () => {
  await server?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

const call = async (as: keyof typeof tokens | null, method: string, query = '', body?: unknown) => {
  const response = await fetch(\`\${server.url}${path}\${query}\`, {
    method,
    headers: {
      ...(as ? { authorization: \`Bearer \${tokens[as]}\` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: response.ok ? (JSON.parse(text) as unknown) : undefined };
};
const list = async (as: keyof typeof tokens = 'viewer') => {
  const answer = await call(as, 'GET');
  expect(answer.status, answer.text).toBe(200);
  return answer.body as ${view}[];
};

describe('${path}', () => {
  it('is empty in a new workspace, and read by every member (not by anonymous callers)', async () => {
    expect(await list()).toEqual([]);
    expect((await call(null, 'GET')).status).toBe(401);
  });

  it('adds for sales-ops and above, listed by name; a viewer may only read', async () => {
    const added = await call('sales-ops', 'POST', '', { name: 'Second', description: 'Added by sales-ops' });
    expect(added).toMatchObject({ status: 201, body: { name: 'Second', description: 'Added by sales-ops' } });
    expect(added.body).toEqual({
      id: expect.any(String),
      name: 'Second',
      description: 'Added by sales-ops',
      createdBy: expect.stringMatching(/^token:/),
      createdAt: expect.stringMatching(/^\\d{4}-\\d\\d-\\d\\dT/),
    });
    expect((await call('admin', 'POST', '', { name: '  First ' })).status).toBe(201);
    expect((await call('viewer', 'POST', '', { name: 'Third' })).status).toBe(403);
    expect((await list()).map((item) => [item.name, item.description])).toEqual([
      ['First', ''],
      ['Second', 'Added by sales-ops'],
    ]);
  });

  it('refuses a bad body, naming each field, and a name the workspace already has', async () => {
    expect(await call('admin', 'POST', '', {})).toMatchObject({ status: 400, text: expect.stringContaining('name: ') });
    expect(await call('admin', 'POST', '', { name: '   ', description: 7 })).toMatchObject({
      status: 400,
      text: expect.stringMatching(/name: must not be empty.*description: /),
    });
    expect(await call('admin', 'POST', '', { name: 'First' })).toMatchObject({ status: 409, text: expect.stringContaining('"First"') });
    // The workspace is the request's: a body naming one is refused, not obeyed.
    expect(await call('admin', 'POST', '', { name: 'Elsewhere', workspaceId: OTHER })).toMatchObject({
      status: 400,
      text: expect.stringContaining('workspaceId'),
    });
    expect(await list()).toHaveLength(2);
  });

  it("is the workspace's own: another workspace neither sees its ${words} nor is kept from their names", async () => {
    expect(await list('other')).toEqual([]);
    expect((await call('other', 'GET', \`?workspace=\${WS}\`)).status).toBe(404);
    expect((await call('other', 'POST', '', { name: 'First' })).status).toBe(201);
    expect((await list('other')).map((item) => item.name)).toEqual(['First']);
    expect(await list()).toHaveLength(2);
  });
});
`,
  };
}

/** One edit of a file of the repository: a transform of its text as it is when the scaffold runs. */
export interface FileEdit {
  /** Relative to the repository. */
  path: string;
  apply(text: string): string;
}

/** Inserts `snippet` right after the first match of `anchor` (at or after `from`), or says which anchor it could not find. */
function insertAfter(path: string, anchor: RegExp, what: string, snippet: string, text: string, from = 0): string {
  const match = anchor.exec(text.slice(from));
  if (!match) throw new Error(`${path} has no ${what} any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  const at = from + match.index + match[0].length;
  return text.slice(0, at) + snippet + text.slice(at);
}

/** Inserts `snippet` right before the first match of `anchor`, or says which anchor it could not find. */
function insertBefore(path: string, anchor: RegExp, what: string, snippet: string, text: string): string {
  const match = anchor.exec(text);
  if (!match) throw new Error(`${path} has no ${what} any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  return text.slice(0, match.index) + snippet + text.slice(match.index);
}

/** The feature imported and listed in features/index.ts: its import among the others (they go by path), its entry after its domain's last. */
export function addToFeatureList(names: FeatureNames, text: string): string {
  const path = `${FEATURES_DIR}/index.ts`;
  const imports = [...text.matchAll(/^import \{ (\w+) \} from '\.\/([\w-]+)\/([\w-]+)\/feature\.ts';\n/gm)];
  if (imports.length === 0)
    throw new Error(`${path} imports no feature any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  const line = `import { ${names.feature} } from './${names.domain}/${names.name}/feature.ts';\n`;
  const next = imports.find((found) => `${found[2]}/${found[3]}` > `${names.domain}/${names.name}`);
  const last = imports.at(-1)!;
  const at = next ? next.index : last.index + last[0].length;
  const imported = text.slice(0, at) + line + text.slice(at);

  const list = /^export const FEATURES\b[^\n]*= \[\n/m.exec(imported);
  const end = list ? imported.indexOf('\n];', list.index) : -1;
  if (!list || end < 0)
    throw new Error(`${path} has no FEATURES list any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  const domainOf = new Map(imports.map((found) => [found[1]!, found[2]!]));
  const start = list.index + list[0].length;
  const entries = [...imported.slice(start, end + 1).matchAll(/^ {2}(\w+),\n/gm)];
  const lastOfDomain = entries.filter((entry) => domainOf.get(entry[1]!) === names.domain).at(-1);
  if (lastOfDomain) {
    const after = start + lastOfDomain.index + lastOfDomain[0].length;
    return `${imported.slice(0, after)}  ${names.feature},\n${imported.slice(after)}`;
  }
  return `${imported.slice(0, end + 1)}  // ${names.domain}\n  ${names.feature},\n${imported.slice(end + 1)}`;
}

/**
 * The feature's collection in the database map (createModels in features/models.ts): its models
 * function imported and spread. Unchanged when the map is built from the feature list itself.
 */
export function addToDatabaseMap(names: FeatureNames, text: string): string {
  const path = `${FEATURES_DIR}/models.ts`;
  if (/\bFEATURES\b/.test(text)) return text;
  const imports = [...text.matchAll(/^import [^;]+;\n/gm)];
  const lastImport = imports.at(-1);
  if (!lastImport) throw new Error(`${path} imports nothing any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  const at = lastImport.index + lastImport[0].length;
  const imported = `${text.slice(0, at)}import { ${names.models} } from './${names.domain}/${names.name}/model.ts';\n${text.slice(at)}`;
  const start = imported.search(/^export function createModels\(/m);
  const end = start < 0 ? -1 : imported.indexOf('\n  };\n}', start);
  if (end < 0)
    throw new Error(`${path} has no createModels returning a map any more: platform/dev/new-feature/scaffold.ts must learn its new shape`);
  return `${imported.slice(0, end + 1)}    ...${names.models}(connection),\n${imported.slice(end + 1)}`;
}

/** The contract suite's cases of the two routes (platform/dev/contract: each table wants one for every route it covers). */
export function contractEdits(names: FeatureNames): FileEdit[] {
  const { path, words } = names;
  const contract = (file: string) => `platform/dev/contract/${file}`;
  const first = `First ${words}`;
  const taken = `Taken ${words}`;
  return [
    {
      // shapes.test.ts: a success for every route, checked against its docs and the served document.
      path: contract('success-cases.ts'),
      apply: (text) =>
        insertAfter(
          contract('success-cases.ts'),
          /^ {2}return \{\n/m,
          "successCases' `return {`",
          `    // ${words} (npm run new-feature): one added, then listed
    'POST ${path}': async () => client.post('${path}', { name: '${first}' }).then(holding({ name: '${first}', description: '' })),
    'GET ${path}': async () => client.get('${path}').then(holding([{ name: '${first}' }])),
`,
          text,
          Math.max(0, text.indexOf('export function successCases(')),
        ),
    },
    {
      // validation.test.ts: a valid body, which it breaks one field at a time.
      path: contract('valid-requests.ts'),
      apply: (text) =>
        insertAfter(
          contract('valid-requests.ts'),
          /^export const VALID_BODIES\b[^\n]*= \{\n/m,
          'VALID_BODIES table',
          `  'POST ${path}': { name: 'Valid ${words}', description: 'Made by a valid request' },\n`,
          text,
        ),
    },
    {
      // empty-states.test.ts: what a fresh workspace lists.
      path: contract('empty-states.test.ts'),
      apply: (text) =>
        insertAfter(
          contract('empty-states.test.ts'),
          /^const EMPTY_STATES\b[^\n]*= \{\n/m,
          'EMPTY_STATES table',
          `  'GET ${path}': emptyList('${path}'),\n`,
          text,
        ),
    },
    {
      // refusals.test.ts: every documented status above 400 but the access check's.
      path: contract('refusals.test.ts'),
      apply: (text) =>
        insertAfter(
          contract('refusals.test.ts'),
          /^const REFUSALS\b[^\n]*= \{\n/m,
          'REFUSALS table',
          `  'POST ${path} 409': async () => {
    expect((await client.post('${path}', { name: '${taken}' })).status).toBe(201);
    await client.post('${path}', { name: '${taken}' }).then(refused(409, '"${taken}"'));
  },
`,
          text,
        ),
    },
    {
      // isolation.test.ts: workspace A calls every workspace-scoped route, and sees nothing of B.
      path: contract('isolation.test.ts'),
      apply: (text) =>
        insertBefore(
          contract('isolation.test.ts'),
          /^ {2}it\('A has called every workspace-scoped route'/m,
          "test 'A has called every workspace-scoped route'",
          `  it("${words}: B's are not listed in A, and A may use the same names", async () => {
    expect((await b.post('${path}', { name: 'Only in B' })).status).toBe(201);
    expect(bodyOf(await a.get('${path}'))).toEqual([]);
    expect((await a.post('${path}', { name: 'Only in B' })).status).toBe(201);
    expect(bodyOf<Array<{ name: string }>>(await b.get('${path}')).map((item) => item.name)).toEqual(['Only in B']);
  });

`,
          text,
        ),
    },
  ];
}

/** Every edit that registers a new feature: the feature list, the database map and the contract tables. */
export function featureEdits(names: FeatureNames): FileEdit[] {
  return [
    { path: `${FEATURES_DIR}/index.ts`, apply: (text) => addToFeatureList(names, text) },
    { path: `${FEATURES_DIR}/models.ts`, apply: (text) => addToDatabaseMap(names, text) },
    ...contractEdits(names),
  ];
}

/** What a scaffold wrote, relative to the repository. */
export interface Scaffolded {
  names: FeatureNames;
  created: string[];
  edited: string[];
}

/**
 * Writes a new feature under `root` (the repository) and registers it. Refuses a bad domain, a
 * name that is not kebab-case, an existing folder, and a name (or its routes or collection) already
 * taken; every edit is computed before anything is written, so a file it cannot edit stops it
 * with nothing changed.
 */
export function scaffoldFeature(root: string, domain: string, name: string, taken: Taken): Scaffolded {
  const names = featureNames(domain, name);
  if (existsSync(join(root, names.dir))) throw new Error(`${names.dir} already exists; choose another name`);
  checkFree(names, taken);
  const files = featureFiles(names);
  const edits = featureEdits(names).map(({ path, apply }) => {
    const before = readFileSync(join(root, path), 'utf8');
    return { path, before, text: apply(before) };
  });
  writeFiles(join(root, names.dir), files);
  const changed = edits.filter(({ before, text }) => text !== before);
  for (const { path, text } of changed) writeFileSync(join(root, path), text);
  return { names, created: Object.keys(files).map((file) => `${names.dir}/${file}`), edited: changed.map(({ path }) => path) };
}
