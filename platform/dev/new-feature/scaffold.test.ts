import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import mongoose, { type Connection, type Model } from 'mongoose';
import { pino } from 'pino';
import * as prettier from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { allRouteDocs } from '../../src/api/routes.ts';
import { DOMAINS } from '../../src/core/feature.ts';
import { docsOf } from '../../src/core/http/api-route.ts';
import { createKoaApp } from '../../src/core/http/app.ts';
import { openapiRouter, openapiRoutes } from '../../src/core/http/openapi.ts';
import type { RouteDoc } from '../../src/core/http/route-doc.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { createTemporalClient } from '../../src/core/temporal/client.ts';
import {
  collectionsOf,
  withoutModels,
  type AppDeps,
  type MeetflowFeature,
  type PlatformContext,
  type ProductContext,
  type ProductDeps,
} from '../../src/features/context.ts';
import { FEATURES } from '../../src/features/index.ts';
import { createModels } from '../../src/features/models.ts';
import { auditTrail } from '../../src/features/accounts/audit/trail.ts';
import { sessionsAndTokens } from '../../src/features/accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../../src/features/accounts/auth/sessions.ts';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { fieldsOf, namesField, wrongTypeFor } from '../contract/bad-values.ts';
import { checkAnswer, type ContractResponse } from '../contract/client.ts';
import { openApiCheck } from '../contract/openapi-check.ts';
import { openTestDatabase } from '../testing/database.ts';
import { serveForTest } from '../testing/http.ts';
import { memberToken, ownerToken } from '../testing/principal.ts';
import { FEATURES_DIR, featureEdits, featureFiles, featureNames, scaffoldFeature, takenOf, type Scaffolded } from './scaffold.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';

// `npm run new-feature` proven without touching a tracked file (other test files import
// features/index.ts meanwhile): the scaffold writes into a scratch copy of the files it edits; what
// it wrote is then linted and type-checked as if at its real paths (ESLint's lintText and a
// TypeScript program reading those texts in place of the files on disk); and the feature, generated
// into a dot-folder of platform/ that no test, type-check or feature-folder glob reaches, is served
// with every other feature, called, and its own generated test is run.
const DOMAIN = 'prospecting';
const NAME = 'scaffold-probe';
const names = featureNames(DOMAIN, NAME);

/** What the platform has taken, as the CLI reads it. */
function takenNow() {
  const connection = mongoose.createConnection(); // the models are defined on it; nothing is connected
  try {
    return takenOf(FEATURES, allRouteDocs, createModels(connection));
  } finally {
    void connection.close();
  }
}

/** A scratch repository: a copy of the files the scaffold edits, at their paths, as they are now. */
const scratches: string[] = [];
function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'new-feature-'));
  scratches.push(root);
  for (const { path } of featureEdits(names)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), readFileSync(join(repoRoot, path), 'utf8'));
  }
  return root;
}

/** Formats a text as the CLI's prettier --write does, with the repository's settings for its real path. */
async function formatted(path: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(join(repoRoot, path));
  return prettier.format(text, { ...options, filepath: join(repoRoot, path) });
}

// The generated feature to run, with its imports computed from where it is written.
const sandbox = join(repoRoot, 'platform', `.new-feature-check-${randomUUID().slice(0, 8)}`);
const sandboxDir = relative(repoRoot, join(sandbox, NAME));
afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
  for (const root of scratches) rmSync(root, { recursive: true, force: true });
});
for (const [file, text] of Object.entries(featureFiles(names, sandboxDir))) {
  mkdirSync(join(repoRoot, sandboxDir), { recursive: true });
  writeFileSync(join(repoRoot, sandboxDir, file), await formatted(`${names.dir}/${file}`, text));
}

describe('npm run new-feature', () => {
  let scaffolded: Scaffolded;
  /** The scratch repository it wrote into. */
  let root: string;
  /** Every file it wrote or edited, formatted, by its real path (absolute). */
  const written = new Map<string, string>();
  /** The edited files as they were before, by real path. */
  const before = new Map<string, string>();

  beforeAll(async () => {
    root = scratchRoot();
    for (const { path } of featureEdits(names)) before.set(join(repoRoot, path), readFileSync(join(root, path), 'utf8'));
    scaffolded = scaffoldFeature(root, DOMAIN, NAME, takenNow());
    for (const path of [...scaffolded.created, ...scaffolded.edited])
      written.set(join(repoRoot, path), await formatted(path, readFileSync(join(root, path), 'utf8')));
  });

  it('refuses a bad domain, a name that is not kebab-case, an existing folder and a name that is already taken, writing nothing', () => {
    const untouched = scratchRoot();
    const copied = featureEdits(names).map(({ path }) => readFileSync(join(untouched, path), 'utf8'));
    mkdirSync(join(untouched, FEATURES_DIR, 'email', 'leftover'), { recursive: true });
    const taken = takenNow();
    const refusals: Array<[string, string, string]> = [
      ['marketing', 'call-notes', `domain "marketing" is not one of ${DOMAINS.join(', ')}`],
      ['email', 'Call_Notes', 'feature name "Call_Notes" must be kebab-case'],
      ['email', 'call-notes-', 'feature name "call-notes-" must be kebab-case'],
      ['email', 'leftover', 'platform/src/features/email/leftover already exists'],
      ['email', 'offer', '"offer" is already a feature (prospecting/offer)'],
      ['insights', 'runs', 'GET /api/runs is already served by another feature'],
      ['accounts', 'counters', 'the database map already has "counters"'],
    ];
    for (const [domain, name, message] of refusals) expect(() => scaffoldFeature(untouched, domain, name, taken), name).toThrow(message);
    // In the real tree, a feature's own folder (refused before anything is read or written).
    expect(() => scaffoldFeature(repoRoot, 'prospecting', 'offer', taken)).toThrow(
      'platform/src/features/prospecting/offer already exists',
    );
    expect(featureEdits(names).map(({ path }) => readFileSync(join(untouched, path), 'utf8'))).toEqual(copied);
    expect(existsSync(join(untouched, names.dir))).toBe(false);

    // A file whose shape the scaffold no longer knows stops it before it writes anything.
    const changed = scratchRoot();
    writeFileSync(join(changed, FEATURES_DIR, 'index.ts'), 'export const FEATURES = [];\n');
    expect(() => scaffoldFeature(changed, DOMAIN, NAME, taken)).toThrow(`${FEATURES_DIR}/index.ts imports no feature any more`);
    expect(existsSync(join(changed, names.dir))).toBe(false);
  });

  it('writes the feature and registers it: the feature list, the database map and the contract tables', () => {
    expect(scaffolded.created).toEqual(
      ['feature.ts', 'model.ts', 'api-schemas.ts', 'routes.ts', 'routes.test.ts'].map((file) => `${names.dir}/${file}`),
    );
    const index = written.get(join(repoRoot, FEATURES_DIR, 'index.ts'))!;
    expect(index).toContain(`import { scaffoldProbeFeature } from './prospecting/scaffold-probe/feature.ts';\n`);
    // Listed after the last prospecting feature.
    const [, previous] = /\n {2}(\w+),\n {2}scaffoldProbeFeature,\n/.exec(index) ?? [];
    expect(index).toMatch(new RegExp(`import \\{ ${previous} \\} from './prospecting/`));
    // Unless the database map is built from the feature list by then: it is left as it is.
    const models = written.get(join(repoRoot, FEATURES_DIR, 'models.ts'));
    if (models || !/\bFEATURES\b/.test(before.get(join(repoRoot, FEATURES_DIR, 'models.ts'))!)) {
      expect(models).toContain(`import { scaffoldProbeModels } from './prospecting/scaffold-probe/model.ts';\n`);
      expect(models).toMatch(/\n {4}\.\.\.scaffoldProbeModels\(connection\),\n {2}\};\n\}/);
    }
    const contract = (file: string) => written.get(join(repoRoot, 'platform/dev/contract', file))!;
    expect(contract('success-cases.ts')).toContain("'POST /api/scaffold-probe': async () =>");
    expect(contract('success-cases.ts')).toContain("'GET /api/scaffold-probe': async () =>");
    expect(contract('valid-requests.ts')).toContain("'POST /api/scaffold-probe': {");
    expect(contract('empty-states.test.ts')).toContain("'GET /api/scaffold-probe': emptyList('/api/scaffold-probe'),");
    expect(contract('refusals.test.ts')).toContain("'POST /api/scaffold-probe 409': async () => {");
    expect(contract('isolation.test.ts')).toMatch(
      /scaffold probe: B's are not listed in A[^]*\n {2}it\('A has called every workspace-scoped route'/,
    );
    // Run again, it refuses: the folder is there.
    expect(() => scaffoldFeature(root, DOMAIN, NAME, takenNow())).toThrow(`${names.dir} already exists`);
  });

  it('passes the lint: ESLint at its real paths, and Prettier (findings the edited files had before are not its)', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const findings = async (path: string, text: string) => {
      const [result] = await eslint.lintText(text, { filePath: path });
      return result!.messages.map((message) => `${relative(repoRoot, path)}: ${message.ruleId ?? 'fatal'}: ${message.message}`);
    };
    const problems: string[] = [];
    for (const [path, text] of written) {
      const found = await findings(path, text);
      const already = found.length > 0 && before.has(path) ? await findings(path, before.get(path)!) : [];
      problems.push(...found.filter((finding) => !already.includes(finding)));
      const options = await prettier.resolveConfig(path);
      if (!(await prettier.check(text, { ...options, filepath: path }))) problems.push(`${relative(repoRoot, path)}: not formatted`);
    }
    expect(problems).toEqual([]);
  });

  it('passes the strict type check at its real paths (errors the edited files had before are not its)', () => {
    const after = typeErrors([...written.keys()], written);
    // Only when an edited file has errors (someone's change in progress): were they there before the edit?
    const suspects = [...before.keys()].filter((path) => after.some((error) => error.startsWith(`${relative(repoRoot, path)}:`)));
    const baseline = new Set(suspects.length > 0 ? typeErrors(suspects, new Map()).map(withoutPlace) : []);
    expect(after.filter((error) => !baseline.has(withoutPlace(error)))).toEqual([]);

    // The check bites: a feature is given only the collections it declares, so without its own in `uses` its routes cannot be built.
    const featureFile = join(repoRoot, names.dir, 'feature.ts');
    const declared = written.get(featureFile)!;
    expect(declared).toContain("  uses: ['scaffoldProbe'],\n");
    const undeclared = new Map([...written, [featureFile, declared.replace("uses: ['scaffoldProbe']", 'uses: []')]]);
    expect(typeErrors([featureFile], undeclared)).toEqual([
      expect.stringMatching(/^platform\/src\/features\/prospecting\/scaffold-probe\/feature\.ts:\d+:\d+: TS\d+ [^]*'scaffoldProbe'/),
    ]);

    // And without its collection in the database map, its `uses` names no collection and its routes cannot be built over product.db.
    if (!scaffolded.edited.includes(`${FEATURES_DIR}/models.ts`)) return;
    const unmapped = new Map([...written].filter(([path]) => path !== join(repoRoot, FEATURES_DIR, 'models.ts')));
    const namingIt = /^platform\/src\/features\/prospecting\/scaffold-probe\/feature\.ts:\d+:\d+: TS\d+ [^]*'scaffoldProbe'/;
    expect(typeErrors([featureFile], unmapped)).toEqual([
      expect.stringMatching(/^[^:]+:\d+:\d+: TS\d+ Type '"scaffoldProbe"' is not assignable/),
      expect.stringMatching(namingIt),
    ]);
  }, 300_000);
});

describe('the scaffolded feature, served with every other feature', () => {
  const [WS, OTHER] = [`probe-${randomUUID().slice(0, 8)}`, `probe-other-${randomUUID().slice(0, 8)}`];
  let connection: Connection;
  let server: Awaited<ReturnType<typeof serveForTest>>;
  let temporal: ReturnType<typeof createTemporalClient>;
  let docs: RouteDoc[];
  let documentCheck: ReturnType<typeof openApiCheck>;
  let db: ProductDeps['db'];
  const tokens = {} as Record<'viewer' | 'sales-ops' | 'other', string>;

  beforeAll(async () => {
    const { scaffoldProbeFeature: feature } = (await import(join(repoRoot, sandboxDir, 'feature.ts'))) as Record<string, MeetflowFeature>;
    const features = [...FEATURES, feature!];
    connection = await openTestDatabase('new-feature');
    // The database map as features/models.ts makes it once the scaffold has added the feature's collection.
    db = { ...createModels(connection), ...(feature!.models!(connection) as Record<string, Model<unknown>>) } as ProductDeps['db'];
    await Promise.all(Object.values(db).map((model) => model.init()));
    tokens.viewer = await memberToken(db, WS, 'viewer');
    tokens['sales-ops'] = await memberToken(db, WS, 'sales-ops');
    tokens.other = await ownerToken(db, OTHER);
    temporal = createTemporalClient({ temporalAddress: inject('temporalAddress'), temporalNamespace: 'default' });
    const logger = pino({ level: 'silent' });
    const app: AppDeps = {
      logger,
      database: connection,
      temporal,
      plugins: PluginHost.load(installedPlugins),
      authenticator: sessionsAndTokens(db, DEFAULT_SESSION_POLICY),
      product: {
        db,
        runner: {
          db,
          temporal: temporal.client,
          taskQueue: `new-feature-${randomUUID()}`,
          activities: new Map(),
          builtIns: BUILT_IN_PIPELINES,
        },
      },
    };
    // What platform/src/api does over FEATURES, over this list: every router in order (each feature given only the
    // collections it declares it uses), the document of them all, the audit trail.
    const { product: productDeps, ...bare } = app;
    const platform: PlatformContext = { ...bare, product: withoutModels(productDeps!) };
    const productOf = (one: MeetflowFeature): ProductContext => ({
      app: bare,
      product: { ...productDeps!, db: collectionsOf(db, one.uses) },
    });
    docs = [
      ...features.flatMap((one) => [...(one.platformRoutes ?? []), ...(one.routes ?? [])].flatMap((router) => docsOf(router.routes))),
      ...docsOf(openapiRoutes),
    ];
    const routers = [
      ...features.flatMap((one) => [
        ...(one.platformRoutes ?? []).map((router) => router.build(platform)),
        ...(one.routes ?? []).map((router) => router.build(productOf(one))),
      ]),
      openapiRouter(docs),
    ];
    server = await serveForTest(createKoaApp({ logger, authenticator: app.authenticator, routers, audit: auditTrail(db, docs, logger) }));
    documentCheck = openApiCheck((await (await fetch(`${server.url}/api/openapi.json`)).json()) as never);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await temporal?.connection.close();
    await connection?.dropDatabase();
    await connection?.close();
  });

  /** A call of the new routes, its answer checked as the contract suite checks one: against its RouteDoc and the served document. */
  const call = async (as: keyof typeof tokens | null, method: 'GET' | 'POST', body?: unknown, query = ''): Promise<ContractResponse> => {
    const doc = docs.find((candidate) => candidate.path === names.path && candidate.method === method.toLowerCase())!;
    const response = await fetch(`${server.url}${names.path}${query}`, {
      method,
      headers: {
        ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = checkAnswer(doc, response.status, response.headers.get('content-type') ?? '', text);
    const answer: ContractResponse = {
      route: `${method} /api/${NAME}`,
      status: response.status,
      text,
      body: parsed,
      headers: response.headers,
    };
    expect(documentCheck(answer)).toBeUndefined();
    return answer;
  };

  it('is in the OpenAPI document, with its access answers', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: object }>>;
    };
    expect(Object.keys(document.paths[names.path]!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths[names.path]!.post!.responses).sort()).toEqual(['201', '400', '401', '403', '404', '409']);
  });

  it('lets a member list (empty at first), sales-ops add, and lists what was added; refuses a viewer adding and anyone anonymous', async () => {
    expect(await call('viewer', 'GET')).toMatchObject({ status: 200, body: [] });
    expect(await call(null, 'GET')).toMatchObject({ status: 401 });
    expect(await call('viewer', 'POST', { name: 'By a viewer' })).toMatchObject({
      status: 403,
      text: expect.stringContaining('it takes sales-ops or above'),
    });
    const added = await call('sales-ops', 'POST', { name: 'First probe', description: 'Added by sales-ops' });
    expect(added).toMatchObject({
      status: 201,
      body: { name: 'First probe', description: 'Added by sales-ops', createdBy: expect.stringMatching(/^token:/) },
    });
    expect((await call('viewer', 'GET')).body).toEqual([added.body]);
    const audited = await db.auditEntries.findOne({ workspaceId: WS, action: `POST ${names.path}` }).lean();
    expect(audited).toMatchObject({ result: { id: (added.body as { id: string }).id }, after: { name: 'First probe' } });
  });

  it('refuses a bad body with a 400 naming each bad field, as the contract suite derives them; a taken name with a 409', async () => {
    const doc = docs.find((candidate) => candidate.path === names.path && candidate.method === 'post')!;
    const { properties, required } = fieldsOf(doc.body!);
    const valid = { name: 'Valid probe', description: 'Made by a valid request' };
    const wrong = Object.entries(properties).map(([field, schema]) => [field, wrongTypeFor(schema)] as const);
    expect(wrong.map(([field]) => field)).toEqual(['name', 'description']);
    for (const [field, value] of wrong) {
      const answer = await call('sales-ops', 'POST', { ...valid, [field]: value });
      expect([answer.status, namesField(answer.text, field)], answer.text).toEqual([400, true]);
      for (const other of wrong.filter(([name]) => name !== field)) expect(namesField(answer.text, other[0]), answer.text).toBe(false);
    }
    const empty = await call('sales-ops', 'POST', {});
    expect([empty.status, required.every((field) => namesField(empty.text, field))], empty.text).toEqual([400, true]);
    const badWorkspace = await call('viewer', 'GET', undefined, '?workspace=Not%20Valid!');
    expect([badWorkspace.status, namesField(badWorkspace.text, 'workspace')], badWorkspace.text).toEqual([400, true]);
    expect(await call('sales-ops', 'POST', { name: 'First probe' })).toMatchObject({
      status: 409,
      text: expect.stringContaining('"First probe"'),
    });
    expect((await call('viewer', 'GET')).body).toHaveLength(1);
  });

  it("keeps each workspace's own: the other neither lists nor reaches it, its body cannot name one, and may use the same name", async () => {
    expect(await call('other', 'GET')).toMatchObject({ status: 200, body: [] });
    expect(await call('other', 'GET', undefined, `?workspace=${WS}`)).toMatchObject({ status: 404, text: `Workspace "${WS}" not found.` });
    expect(await call('other', 'POST', { name: 'Moved', workspaceId: WS })).toMatchObject({
      status: 400,
      text: expect.stringContaining('workspaceId'),
    });
    expect(await call('other', 'POST', { name: 'First probe' })).toMatchObject({ status: 201 });
    expect((await call('other', 'GET')).body).toEqual([expect.objectContaining({ name: 'First probe', description: '' })]);
    expect((await call('viewer', 'GET')).body).toEqual([
      expect.objectContaining({ name: 'First probe', description: 'Added by sales-ops' }),
    ]);
  });
});

describe('the scaffolded routes.test.ts', async () => {
  await import(join(repoRoot, sandboxDir, 'routes.test.ts'));
});

/** An error without its line and column, to compare a file's errors before and after an insertion. */
const withoutPlace = (error: string) => error.replace(/:\d+:\d+:/, ':');

/**
 * The type errors of `files` (absolute paths) in a program of the platform's project, under its
 * strict options, reading `overlay`'s texts in place of the files on disk (the ones it names that
 * do not exist, too). Errors elsewhere (other people's files in progress) are not its business.
 */
function typeErrors(files: string[], overlay: ReadonlyMap<string, string>): string[] {
  const configPath = join(repoRoot, 'platform/tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error(`cannot read ${configPath}`);
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, composite: false, incremental: false, declaration: false };
  delete options.emitDeclarationOnly;
  delete options.tsBuildInfoFile;
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, directoryExists, getSourceFile } = host;
  host.fileExists = (file) => overlay.has(file) || fileExists.call(host, file);
  host.readFile = (file) => overlay.get(file) ?? readFile.call(host, file);
  host.directoryExists = (dir) =>
    [...overlay.keys()].some((file) => file.startsWith(`${dir}/`)) || (directoryExists?.call(host, dir) ?? true);
  host.getSourceFile = (file, language, ...rest) => {
    const text = overlay.get(file);
    return text === undefined
      ? cachedSource(file, () => getSourceFile.call(host, file, language, ...rest))
      : ts.createSourceFile(file, text, language);
  };
  const program = ts.createProgram({ rootNames: files, options, host });
  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [`${relative(repoRoot, file)}: not in the program`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${relative(repoRoot, file)}:${line + 1}:${character + 1}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  });
}

/** Source files read from disk, parsed once for every program of the type check. */
const sources = new Map<string, ts.SourceFile | undefined>();
const cachedSource = (file: string, read: () => ts.SourceFile | undefined) => {
  if (!sources.has(file)) sources.set(file, read());
  return sources.get(file);
};
