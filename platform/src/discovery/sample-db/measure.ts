// `npx tsx platform/src/discovery/sample-db/measure.ts [companies]`: times a first-start
// generation of the sample prospect database on a fresh embedded database, then a few searches.
// Prints the figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { sampleProspectModels } from '../../db/models/sample-prospects.ts';
import { freePort } from '../../devstack/ports.ts';
import { startDevstack } from '../../devstack/supervisor.ts';
import { ensureSampleDatabase } from './ensure.ts';
import { searchSamplePeople } from './search.ts';

const companies = Number(process.argv[2] ?? 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-sample-db-'));
// Only the database: the Temporal address is never dialled.
const devstack = await startDevstack({ dataDir, mongoPort: await freePort(), temporalPort: 0, temporalAddress: 'unused:0' });
const connection = await mongoose.createConnection(`${devstack.mongoUri}-sample-measure`).asPromise();
try {
  const db = sampleProspectModels(connection);
  let started = performance.now();
  const state = await ensureSampleDatabase(db, { companies });
  console.log(`generated ${state.companies} companies, ${state.people} people in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await ensureSampleDatabase(db, { companies });
  console.log(`second start (already ready): ${(performance.now() - started).toFixed(0)} ms`);
  const queries = [
    { industry: ['Software & SaaS'], companySize: '50-200', jobTitles: ['VP of Sales'], techStack: ['HubSpot'], painPoints: [], revenue: '' },
    { industry: ['fintech'], companySize: '200+', jobTitles: ['Head of RevOps', 'CRO'], techStack: [], painPoints: [], revenue: '$10M-$50M' },
    { industry: [], companySize: '', jobTitles: ['Plant Manager'], techStack: ['Salesforce'], painPoints: [], revenue: '' },
  ];
  for (const criteria of queries) {
    started = performance.now();
    const result = await searchSamplePeople(db, criteria, { limit: 50 });
    console.log(`search ${JSON.stringify(criteria)} → ${result.people.length} people, relaxed [${result.relaxed.join(', ')}] in ${(performance.now() - started).toFixed(0)} ms`);
  }
} finally {
  await connection.close();
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
