// The features declare themselves, and the layout holds: every feature folder is declared once
// under its own name and domain, the database map is exactly what the features own, core/ imports
// no feature, and domains import each other only downwards (computed from the source).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { DOMAINS, type Domain } from '../core/feature.ts';
import { repoRoot } from '../core/paths.ts';
import { importedSpecifiers, sourceFiles } from '../../dev/lint/sources.ts';
import { FEATURES } from './index.ts';
import { BUILT_IN_PIPELINES } from './built-in-pipelines.ts';
import { collectionsOf, NO_SECRETS, type MeetflowFeature, type ProductDeps } from './context.ts';
import { PluginHost } from './runs/plugins/host.ts';
import { installedPlugins } from './runs/plugins/installed.ts';
import { createModels } from './models.ts';
import { BUILTIN_ACTIVITIES } from './steps.ts';
import { workerActivities } from '../worker/activities.ts';
import type { Client, Connection } from '@temporalio/client';
import { pino } from 'pino';

const src = join(repoRoot, 'platform/src');
const featuresDir = join(src, 'features');

/** The files a source imports by relative path, resolved. */
function relativeImports(file: string): string[] {
  return importedSpecifiers(readFileSync(file, 'utf8'), file)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier));
}

/** The domain a file under features/ belongs to (null for the files that compose them: index, context, models). */
const domainOf = (file: string): Domain | null => {
  const [first, second] = relative(featuresDir, file).split('/');
  return second !== undefined && (DOMAINS as readonly string[]).includes(first!) ? (first as Domain) : null;
};

/** Every import from one domain into another, as `from -> to` (paths relative to features/). */
function crossDomainImports(): Array<{ edge: string; from: Domain; to: Domain }> {
  return sourceFiles(featuresDir).flatMap((file) => {
    const from = domainOf(file);
    if (!from) return [];
    return relativeImports(file).flatMap((target) => {
      const to = target.startsWith(featuresDir) ? domainOf(target) : null;
      if (!to || to === from) return [];
      return [{ edge: `${relative(featuresDir, file)} -> ${relative(featuresDir, target)}`, from, to }];
    });
  });
}

describe('the platform features', () => {
  it('are each declared once, under the name and domain of their folder, and every folder is declared', () => {
    const declared = FEATURES.map((feature) => `${feature.domain}/${feature.name}`);
    const folders = DOMAINS.flatMap((domain) =>
      readdirSync(join(featuresDir, domain))
        .filter((name) => statSync(join(featuresDir, domain, name)).isDirectory())
        .map((name) => `${domain}/${name}`),
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...folders].sort());
    for (const folder of folders) expect(statSync(join(featuresDir, folder, 'feature.ts')).isFile()).toBe(true);
  });

  it('own every collection of the database map, each exactly once (the counters and events are core’s)', () => {
    const connection = mongoose.createConnection(); // models are defined on it; nothing is connected
    try {
      const owners = new Map<string, string[]>();
      for (const feature of FEATURES)
        for (const key of Object.keys(feature.models?.(connection) ?? {})) owners.set(key, [...(owners.get(key) ?? []), feature.name]);
      expect([...owners].filter(([, names]) => names.length > 1)).toEqual([]);
      expect(Object.keys(createModels(connection)).sort()).toEqual(['counters', 'events', ...owners.keys()].sort());
    } finally {
      void connection.close();
    }
  });

  it('each declare the collections they use: no duplicates, only collections of the database map', () => {
    const connection = mongoose.createConnection(); // models are defined on it; nothing is connected
    try {
      const collections = new Set(Object.keys(createModels(connection)));
      for (const feature of FEATURES) {
        expect(Array.isArray(feature.uses), `${feature.name} declares uses`).toBe(true);
        expect(
          feature.uses.filter((key, at) => feature.uses.indexOf(key) !== at),
          `${feature.name} names twice`,
        ).toEqual([]);
        expect(
          feature.uses.filter((key) => !collections.has(key)),
          `${feature.name} names collections the database map does not have`,
        ).toEqual([]);
      }
    } finally {
      void connection.close();
    }
  });

  it('name every other feature’s collection their routes and activities use, and are built over only what they name', () => {
    const connection = mongoose.createConnection(); // routers and activities are only built here, never called
    try {
      const db = createModels(connection);
      const ownerOf = new Map<string, string>([
        ['counters', 'core'],
        ['events', 'core'],
      ]);
      for (const feature of FEATURES) for (const key of Object.keys(feature.models?.(connection) ?? {})) ownerOf.set(key, feature.name);
      // Each use of another feature's data is in its user's `uses` (the types prove the routes need no more):
      // every collection named has an owner, and a feature with no routes or activities is given none.
      for (const feature of FEATURES) {
        expect(
          feature.uses.filter((key) => !ownerOf.has(key)),
          feature.name,
        ).toEqual([]);
        if (!feature.routes?.length && !feature.activities && !feature.steps?.activities && !feature.onStart)
          expect(feature.uses, feature.name).toEqual([]);
      }
      // What the app and the worker give each feature (api/routes.ts, worker/all-activities.ts): its `uses` and nothing
      // else; reading any other collection while its routers and activities are built fails.
      const guarded = (feature: MeetflowFeature) =>
        new Proxy(collectionsOf(db, feature.uses), {
          get(given, key) {
            if (typeof key === 'string' && key in db && !(key in given)) throw new Error(`${feature.name} reads ${key}, not in its uses`);
            return Reflect.get(given, key) as unknown;
          },
        });
      const logger = pino({ level: 'silent' });
      const temporal = {} as Client;
      const app = {
        logger,
        database: connection,
        temporal: { connection: {} as Connection, client: temporal },
        plugins: PluginHost.load(installedPlugins),
        authenticator: async () => null,
      };
      const runner: ProductDeps['runner'] = {
        db,
        temporal,
        taskQueue: 'never-polled',
        activities: new Map(),
        builtIns: BUILT_IN_PIPELINES,
      };
      const worker = { plugins: {}, declared: new Map(), secrets: NO_SECRETS, publicUrl: 'http://localhost:3000', mailAllowHosts: [] };
      for (const feature of FEATURES) {
        expect(Object.keys(collectionsOf(db, feature.uses)).sort(), feature.name).toEqual([...feature.uses].sort());
        const given = guarded(feature);
        for (const router of feature.routes ?? []) router.build({ app, product: { db: given, runner } });
        feature.activities?.({ ...worker, db: given });
        feature.steps?.activities?.({ ...worker, db: given });
      }
    } finally {
      void connection.close();
    }
  });

  it('start up after features of their own domain or one below, never in a circle', () => {
    const byName = new Map(FEATURES.map((feature) => [feature.name, feature]));
    const rank = (feature: MeetflowFeature) => DOMAINS.indexOf(feature.domain);
    const starting = FEATURES.filter((feature) => feature.onStart);
    expect(starting.map((feature) => feature.name).sort()).toEqual(
      [
        'billing',
        'calendars',
        'crm',
        'discovery',
        'experiments',
        'inbound',
        'learning',
        'mailboxes',
        'outcomes',
        'pricing',
        'prospects',
        'webhooks',
        'workspaces',
      ].sort(),
    );
    for (const feature of starting) {
      for (const name of feature.onStart?.after ?? []) {
        const waitedOn = byName.get(name);
        expect(waitedOn, `${feature.name} waits on ${name}, which is no feature`).toBeDefined();
        expect(waitedOn!.onStart, `${feature.name} waits on ${name}, which has no start-up work`).toBeDefined();
        expect(rank(waitedOn!), `${feature.name} waits on ${name}, of a domain above its own`).toBeLessThanOrEqual(rank(feature));
      }
      // Following `after` from any feature never comes back to it.
      const seen = new Set<string>();
      const walk = (name: string, path: string[]): void => {
        expect(path, `start-up circle: ${[...path, name].join(' -> ')}`).not.toContain(name);
        if (seen.has(name)) return;
        seen.add(name);
        for (const next of byName.get(name)?.onStart?.after ?? []) walk(next, [...path, name]);
      };
      walk(feature.name, []);
    }
  });

  it('offer built-in steps the production worker registers, each declared by one feature', () => {
    const declared = FEATURES.flatMap((feature) => [...(feature.steps?.options.keys() ?? [])]);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...BUILTIN_ACTIVITIES.keys()].sort()).toEqual([...declared].sort());
    const connection = mongoose.createConnection(); // activities are only bound here, never called
    try {
      const registered = workerActivities({
        db: createModels(connection),
        plugins: {},
        declared: new Map(),
        temporal: {} as Client,
        taskQueue: 'never-polled',
        logger: pino({ level: 'silent' }),
      });
      for (const step of declared) expect(typeof registered[step], step).toBe('function');
      // and every feature's own activities: the workflows call these by name
      for (const name of ['startRun', 'executeStep', 'finishRun', 'gatherOutcomes', 'recordSystemCheck', 'checkInboxes'])
        expect(typeof registered[name], name).toBe('function');
    } finally {
      void connection.close();
    }
  });

  it('core/ imports no feature, nor the app or the worker that compose them', () => {
    const core = join(src, 'core');
    const outside = sourceFiles(core).flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith(src) && !target.startsWith(core))
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
    expect(outside).toEqual([]);
  });

  it('domains import only the domains below them, and only what those offer in their services.ts', () => {
    const edges = crossDomainImports();
    const upward = edges.filter(({ from, to }) => DOMAINS.indexOf(to) > DOMAINS.indexOf(from)).map(({ edge }) => edge);
    expect(edges.length).toBeGreaterThan(0); // the scan sees the imports it judges
    expect(upward).toEqual([]);
    expect(edges.filter(({ to, edge }) => !edge.endsWith(` -> ${to}/services.ts`)).map(({ edge }) => edge)).toEqual([]);
    // Inside a domain, files import each other directly: a domain's services are for the domains above it.
    const ownServices = sourceFiles(featuresDir).filter((file) => {
      const domain = domainOf(file);
      return domain && relativeImports(file).some((target) => target === join(featuresDir, domain, 'services.ts'));
    });
    expect(ownServices.map((file) => relative(featuresDir, file))).toEqual([]);
  });
});
