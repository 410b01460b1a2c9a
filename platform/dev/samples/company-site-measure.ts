// How faithfully the research agent reads the sample companies' sites: runs the real research
// activity (default config, through the guarded HTTP client) on the served site of companies
// `from` … `from + count − 1` and prints, per field, how many researched values equal what the
// record implies (company-site-expected.ts), the companies that differ, and the time per company.
//   npx tsx platform/dev/samples/company-site-measure.ts [count=100] [from=0]
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { defaultSampleCompany } from '@meetflow/plugin-source-sample/generator';
import { expectedResearch, unexpectedTools, type ExpectedResearch } from './company-site-expected.ts';
import { sampleCompanySiteUrl, startSampleSitesServer } from './server.ts';

const [count = 100, from = 0] = process.argv.slice(2).map(Number);
const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
const deps = testDeps(researchPlugin, { http: createGuardedHttpClient({ allowHosts: [new URL(samples.url).host] }) });
const fields: Array<keyof ExpectedResearch> = ['companyName', 'industry', 'techStack', 'employees', 'revenue', 'funding'];
const agreed = new Map<string, number>(fields.map((field) => [field, 0]));
const misses: string[] = [];
let dataPoints = 0;
let confidence = 0;
const started = performance.now();
for (let index = from; index < from + count; index++) {
  const { company } = defaultSampleCompany(index);
  const result = await runActivity(
    researchPlugin,
    'enrichCompany',
    { website: sampleCompanySiteUrl(samples.url, company.domain) },
    deps as never,
  );
  const expected = expectedResearch(company);
  dataPoints += result.dataPoints;
  confidence += result.confidence;
  const researched: ExpectedResearch = {
    companyName: result.companyName,
    industry: result.industry,
    employees: result.sizeHint.employees ?? '',
    revenue: result.sizeHint.revenue,
    funding: result.signals.funding,
    // Every detectable tool found (research also names what they imply: React, PHP…).
    techStack: expected.techStack.filter((tool) => result.techStack.includes(tool)),
  };
  const extra = unexpectedTools(company, result);
  if (extra.length > 0) misses.push(`${company.domain} techStack: researched ${JSON.stringify(extra)}, which it does not use`);
  else agreed.set('no extra tool', (agreed.get('no extra tool') ?? 0) + 1);
  for (const field of fields) {
    if (JSON.stringify(researched[field]) === JSON.stringify(expected[field])) agreed.set(field, agreed.get(field)! + 1);
    else
      misses.push(
        `${company.domain} ${field}: expected ${JSON.stringify(expected[field])}, researched ${JSON.stringify(researched[field])}`,
      );
  }
}
const seconds = (performance.now() - started) / 1000;
await samples.close();
console.log(
  `research on ${count} sample company sites (indexes ${from}–${from + count - 1}): ${seconds.toFixed(1)} s, ${((seconds * 1000) / count).toFixed(0)} ms a company`,
);
console.log(`  mean facts per company ${(dataPoints / count).toFixed(1)}, mean research confidence ${(confidence / count).toFixed(2)}`);
for (const field of fields) console.log(`  ${field.padEnd(13)} ${agreed.get(field)}/${count} as the record implies`);
console.log(`  no extra tool ${agreed.get('no extra tool') ?? 0}/${count} (no sample tool the company does not use)`);
for (const miss of misses.slice(0, 20)) console.log(`  differs: ${miss}`);
if (misses.length > 20) console.log(`  … and ${misses.length - 20} more`);
