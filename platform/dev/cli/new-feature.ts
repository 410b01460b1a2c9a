// `npm run new-feature -- <domain> <kebab-name>`: a working platform feature in platform/src/features/<domain>/<name>,
// listed in features/index.ts, its collection in the database map, its routes in the contract suite's tables.
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { allRouteDocs } from '../../src/api/routes.ts';
import { DOMAINS } from '../../src/core/feature.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { FEATURES } from '../../src/features/index.ts';
import { createModels } from '../../src/features/models.ts';
import { scaffoldFeature, takenOf } from '../new-feature/scaffold.ts';
import { runLintTool } from './lint.ts';

const USAGE = `usage: npm run new-feature -- <domain> <kebab-case-name>  (domain: ${DOMAINS.join(', ')})`;
try {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 2) throw new Error('give a domain and a name, e.g. prospecting call-notes');
  const [domain, name] = positionals as [string, string];
  // What is taken, as the platform itself declares it: its features, its routes, its database map.
  const connection = mongoose.createConnection(); // the models are defined on it; nothing is connected
  const taken = takenOf(FEATURES, allRouteDocs, createModels(connection));
  await connection.close();

  const { names, created, edited } = scaffoldFeature(repoRoot, domain, name, taken);
  console.log(`Created ${names.dir}/:\n${created.map((path) => `  ${path.slice(names.dir.length + 1)}`).join('\n')}`);
  console.log(`Registered it in:\n${edited.map((path) => `  ${path}`).join('\n')}`);
  // Written in the repository's layout, so npm run lint passes on it as it is.
  if (!runLintTool('prettier/bin/prettier.cjs', ['--write', '--log-level', 'warn', ...created, ...edited]))
    throw new Error('prettier could not format the files above; run npm run format');

  console.log(`
Next:
  1. Make it yours: the example data (a name unique in the workspace, a description) is in model.ts and api-schemas.ts,
     the routes (${names.path}: members list, sales-ops and above add) in routes.ts, their test in routes.test.ts.
  2. It is mounted already: features/index.ts lists ${names.feature} with the ${names.domain} features, and the database map
     (features/models.ts) spreads ${names.models}. Worker activities, if it gets any, go in its feature.ts (activities).
  3. The contract suite (platform/dev/contract) has a case for each route in success-cases.ts, valid-requests.ts,
     empty-states.test.ts, refusals.test.ts and isolation.test.ts: change them with the routes.
  4. Its screen, if it has one, goes in ui/src/features/${names.name} (the same name; see platform/dev/lint/feature-names.test.ts).
  5. npx vitest run ${names.dir}, npm run typecheck and npm run lint (npm test runs everything, the contract suite too).`);
} catch (error) {
  console.error(`new-feature: ${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
