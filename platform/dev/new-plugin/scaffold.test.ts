import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { noNetwork } from '@meetflow/plugin-sdk/testing';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { addToSolution, scaffoldPlugin } from './scaffold.ts';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { startFakeProvider, type FakeProviderServer } from '@meetflow/plugin-sdk/testing';
import { installedPlugins, loadPlugins } from '../../src/features/runs/plugins/installed.ts';
import { createApp } from '../../src/api/app.ts';
import { createTemporalClient } from '../../src/core/temporal/client.ts';
import { serveForTest } from '../testing/http.ts';
import { ownerEverywhere } from '../testing/principal.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { quietTemporalRuntime } from '../testing/quiet-temporal.ts';

quietTemporalRuntime(); // expected failures below would otherwise print the SDK's warnings

// A dot-folder: outside the `plugins/*` workspaces and the type check's globs, yet under the repo
// root so the generated code resolves @meetflow/plugin-sdk exactly as a real plugin does.
const sandbox = join(repoRoot, 'plugins', `.scaffold-check-${randomUUID().slice(0, 8)}`);
const id = 'scaffold-check';
const dir = join(sandbox, id);
const node = (args: string[], cwd = repoRoot) => spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 120_000 });

const sourceId = 'source-scaffold-leads';
const sourceDir = join(sandbox, sourceId);

let generatedTsconfig: unknown;
beforeAll(() => {
  scaffoldPlugin(id, dir);
  scaffoldPlugin(sourceId, sourceDir, 'source');
  // Vite reads each file's nearest tsconfig.json: one folder deeper than plugins/<id>, its base is one more level up.
  generatedTsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
  for (const folder of [dir, sourceDir]) {
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ ...(generatedTsconfig as object), extends: '../../../tsconfig.base.json', references: [{ path: '../../sdk' }] }),
    );
  }
});
afterAll(() => {
  rmSync(sandbox, { recursive: true, force: true });
});

describe('npm run new-plugin', () => {
  it('refuses a bad id and an existing folder', () => {
    expect(() => scaffoldPlugin('Bad_Id', join(sandbox, 'bad'))).toThrow('plugin id "Bad_Id" must be kebab-case');
    expect(() => scaffoldPlugin(id, dir)).toThrow('already exists');
    expect(() => scaffoldPlugin('acme-leads', join(sandbox, 'acme-leads'), 'source')).toThrow(
      'a source plugin\'s id starts with "source-"',
    );
  });

  it('writes an agent and a source that pass the strict type check', () => {
    // The sandbox is one folder deeper than plugins/<id>: its own config extends the same strict base.
    writeFileSync(
      join(sandbox, 'tsconfig.json'),
      JSON.stringify({ extends: '../../tsconfig.base.json', include: [`${id}/src`, `${sourceId}/src`] }),
    );
    const tsc = node([join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(sandbox, 'tsconfig.json')]);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it("makes it a TypeScript project over the SDK's, and lists it once in the solution tsconfig", () => {
    expect(generatedTsconfig).toMatchObject({
      extends: '../../tsconfig.base.json',
      compilerOptions: { composite: true },
      references: [{ path: '../sdk' }],
    });
    const solution = join(sandbox, 'solution.json');
    writeFileSync(
      solution,
      '// the solution\n{ "files": [], "references": [{ "path": "plugins/sdk" }, { "path": "plugins/zeta" }, { "path": "platform" }] }\n',
    );
    addToSolution(solution, `plugins/${id}`);
    addToSolution(solution, `plugins/${id}`);
    const written = readFileSync(solution, 'utf8');
    expect(written.startsWith('// the solution\n')).toBe(true);
    expect(
      (JSON.parse(written.slice('// the solution\n'.length)) as { references: Array<{ path: string }> }).references.map(
        (reference) => reference.path,
      ),
    ).toEqual(['plugins/sdk', 'plugins/zeta', `plugins/${id}`, 'platform']);
  });

  it("writes tests that pass (the agent's two, and the source's two against a fake provider)", () => {
    writeFileSync(join(sandbox, 'vitest.config.ts'), "export default { test: { include: ['**/*.test.ts'] } };");
    const vitest = node([
      join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      join(sandbox, 'vitest.config.ts'),
      '--root',
      sandbox,
      '--reporter=json',
      `--outputFile=${join(sandbox, 'report.json')}`,
    ]);
    const report = JSON.parse(readFileSync(join(sandbox, 'report.json'), 'utf8')) as { numPassedTests: number; numFailedTests: number };
    expect(report).toMatchObject({ numPassedTests: 4, numFailedTests: 0 });
    expect(vitest.status).toBe(0);
  });

  describe('inside a real workflow on the Temporal dev server', () => {
    let database: mongoose.Connection;
    let workerConnection: NativeConnection;
    let clientConnection: Connection;
    beforeAll(async () => {
      database = await mongoose.createConnection(`${inject('mongoServer')}/test-scaffold`).asPromise();
      workerConnection = await NativeConnection.connect({ address: inject('temporalAddress') });
      clientConnection = await Connection.connect({ address: inject('temporalAddress') });
    });
    afterAll(async () => {
      await clientConnection.close();
      await workerConnection.close();
      await database.close();
    });

    it('runs its activity once listed, and refuses a bad input without retrying', async () => {
      const module = (await import(join(dir, 'src', 'index.ts'))) as Record<string, AnyPlugin>;
      const plugin = module.scaffoldCheckPlugin!;
      const host = PluginHost.load([plugin], { [id]: { greeting: 'Welcome' } });
      const taskQueue = `scaffold-${randomUUID()}`;
      const worker = await Worker.create({
        connection: workerConnection,
        taskQueue,
        workflowBundle: { codePath: inject('workflowBundlePath') },
        activities: host.activities({
          connection: database,
          http: noNetwork,
          logger: pino({ level: 'silent' }),
          clock: { now: () => new Date() },
          llm: null,
        }),
      });
      const client = new Client({ connection: clientConnection });
      const run = (input: unknown) =>
        client.workflow.execute('runPluginActivity', {
          taskQueue,
          workflowId: `scaffold-${randomUUID()}`,
          args: [{ activity: `${id}.greet`, input }],
        });

      await worker.runUntil(async () => {
        await expect(run({ name: 'Ada' })).resolves.toMatchObject({ message: 'Welcome, Ada!' });
        const failure = await run({ name: '' }).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(WorkflowFailedError);
        const cause = (failure as WorkflowFailedError).cause?.cause as { type?: string; nonRetryable?: boolean; message: string };
        expect(cause).toMatchObject({ type: 'InvalidActivityInput', nonRetryable: true });
        expect(cause.message).toMatch(/^scaffold-check\.greet: invalid input: .*name/s);
      });
    });
  });

  describe('a source made with --kind source, loaded as installed, without touching platform or UI code', () => {
    let provider: FakeProviderServer<{ criteria: { industry: string[] } }>;
    let stack: TestPipelineWorker;
    let server: Awaited<ReturnType<typeof serveForTest>>;
    const person = {
      firstName: 'Grace',
      lastName: 'Hopper',
      jobTitle: 'VP Sales',
      company: 'Compiler Works',
      companyDomain: 'compiler.example',
      email: 'grace@compiler.example',
      linkedinUrl: null,
      industry: 'SaaS',
      employeeCount: 120,
      companyRevenue: null,
      techStack: ['Salesforce'],
      recentFunding: null,
      location: null,
      sourceRef: 'cw-1',
    };
    beforeAll(async () => {
      provider = await startFakeProvider((request, reply) =>
        request.headers.authorization === 'Bearer leads-key'
          ? reply(200, { people: request.body.criteria.industry.includes('SaaS') ? [person] : [], total: 1, hasMore: false })
          : reply(401, { message: 'bad key' }),
      );
      // The platform's own loader finds the scaffolded package in its folder, as it finds plugins/* at start-up.
      const scaffolded = (await loadPlugins(sandbox)).find((plugin) => plugin.manifest.id === sourceId)!;
      const http = createGuardedHttpClient({ allowHosts: [provider.host] });
      stack = await startTestPipelineWorker('scaffold-source', [scaffolded], {
        services: { http },
        settings: { [sourceId]: { apiKey: 'leads-key', baseUrl: provider.origin } },
      });
      const plugins = PluginHost.load([...installedPlugins, scaffolded], { [sourceId]: { apiKey: 'leads-key', baseUrl: provider.origin } });
      server = await serveForTest(
        createApp({
          logger: pino({ level: 'silent' }),
          database: stack.database,
          temporal: createTemporalClient({ temporalAddress: inject('temporalAddress'), temporalNamespace: 'default' }),
          plugins,
          authenticator: ownerEverywhere,
          product: { db: stack.db, runner: stack.runner },
        }),
      );
    }, 120_000);
    afterAll(async () => {
      await server?.close();
      await stack?.stop();
      await provider?.close();
    });

    it('is listed by GET /api/plugins as a configured source, after the built-in ones', async () => {
      const described = (await (await fetch(`${server.url}/api/plugins`)).json()) as Array<{
        id: string;
        kind: string;
        source?: { displayName: string; configured: boolean };
      }>;
      expect(
        described
          .filter((plugin) => plugin.kind === 'source')
          .map((plugin) => [plugin.id, plugin.source?.displayName, plugin.source?.configured]),
      ).toEqual([
        ['source-linkedin', 'LinkedIn Sales Navigator', false],
        ['source-crunchbase', 'Crunchbase', false],
        ['source-apollo', 'Apollo.io', false],
        ['source-zoominfo', 'ZoomInfo', false],
        ['source-sample', 'Sample database', true],
        [sourceId, 'Scaffold Leads', true],
      ]);
    });

    it('is searched by discovery under its id, its people matched and not sample', async () => {
      const response = await fetch(`${server.url}/api/superagent/discover-prospects?workspace=scaffold-source`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ icpCriteria: { industry: ['SaaS'], jobTitles: ['VP Sales'] }, sources: ['scaffold-leads'] }),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        success: boolean;
        sample: boolean;
        notes: string;
        prospects: Array<{ firstName: string; source: string; sample: boolean; matchScore: number }>;
      };
      expect(answer).toMatchObject({ success: true, sample: false });
      expect(answer.prospects.map((prospect) => [prospect.firstName, prospect.source, prospect.sample])).toEqual([
        ['Grace', 'scaffold-leads', false],
      ]);
      expect(answer.prospects[0]!.matchScore).toBeGreaterThan(0);
      expect(answer.notes).toContain('Scaffold Leads: 1 person (of 1 matching at the provider).');
      expect(provider.requests.at(-1)?.body.criteria.industry).toEqual(['SaaS']);
    });
  });
});
