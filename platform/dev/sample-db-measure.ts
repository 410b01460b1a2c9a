// `npx tsx platform/dev/sample-db-measure.ts [companies]`: times a first-start
// generation of the sample prospect database on a fresh embedded database, then typical searches
// (each three times: the first run includes connection warm-up).
// Prints the figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IcpCriteria } from '@meetflow/plugin-sdk';
import mongoose from 'mongoose';
import { ensureSampleDatabase, sampleModelsOn, searchSamplePeople } from '@meetflow/plugin-source-sample/generator';
import { freePort } from './devstack/ports.ts';
import { startDevstack } from './devstack/supervisor.ts';

const companies = Number(process.argv[2] ?? 20_000);
const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-sample-db-'));
// Only the database: the Temporal address is never dialled.
const devstack = await startDevstack({ dataDir, mongoPort: await freePort(), temporalPort: 0, temporalAddress: 'unused:0' });
const connection = await mongoose.createConnection(`${devstack.mongoUri}-sample-measure`).asPromise();
try {
  const db = sampleModelsOn(connection);
  let started = performance.now();
  const state = await ensureSampleDatabase(db, { companies });
  console.log(`generated ${state.companies} companies, ${state.people} people in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await ensureSampleDatabase(db, { companies });
  console.log(`second start (already ready): ${(performance.now() - started).toFixed(0)} ms`);
  const criteria = (given: Partial<IcpCriteria>): IcpCriteria => ({
    industry: [],
    companySize: '',
    jobTitles: [],
    techStack: [],
    painPoints: [],
    revenue: '',
    ...given,
  });
  // Typical discovery requests: a full ICP, titles alone, one criterion nothing matches, and one that relaxes four times.
  const searches: Array<[string, IcpCriteria]> = [
    [
      'industry+size+titles+tech',
      criteria({
        industry: ['Software & SaaS'],
        companySize: '50-200',
        jobTitles: ['VP of Sales', 'Head of RevOps'],
        techStack: ['HubSpot', 'Salesforce'],
      }),
    ],
    [
      'industry+size+titles+revenue',
      criteria({ industry: ['fintech'], companySize: '200+', jobTitles: ['Head of RevOps', 'CRO'], revenue: '$10M-$50M' }),
    ],
    ['titles only', criteria({ jobTitles: ['VP of Sales'] })],
    ['a criterion matching nothing', criteria({ industry: ['Underwater basket weaving'], jobTitles: ['Sales leaders'] })],
    [
      'heavy relaxation (4 dropped)',
      criteria({ industry: ['Legal'], companySize: '5000+', jobTitles: ['Plant Manager'], techStack: ['Shopify'], revenue: '$1B+' }),
    ],
  ];
  for (const [name, given] of searches) {
    const times: number[] = [];
    let result: Awaited<ReturnType<typeof searchSamplePeople>> | undefined;
    for (let run = 0; run < 3; run += 1) {
      started = performance.now();
      result = await searchSamplePeople(db, given, { limit: 50 });
      times.push(performance.now() - started);
    }
    console.log(
      `search ${name}: ${result!.people.length} people (${result!.strictMatches} strict), relaxed [${result!.relaxed.join(', ')}]` +
        ` in ${times.map((ms) => ms.toFixed(0)).join(' / ')} ms (3 runs)`,
    );
  }
} finally {
  await connection.close();
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
