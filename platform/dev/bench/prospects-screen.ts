// `npm run bench -- screen`: the Prospect Pipeline screen over 10,000 prospects on the embedded
// database — the API's first page, a search and a filter (median of repeated calls), then the real
// screen in headless Chromium: time from navigation to the first rows, and from typing a search to
// its rows. Prints the figures; asserts nothing.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { pino } from 'pino';
import { startApi } from '../../src/api/server.ts';
import { ownerSession } from '../testing/principal.ts';
import { loadConfig } from '../../src/core/config.ts';
import { freePort } from '../devstack/ports.ts';
import { defaultSampleCompany } from '@meetflow/plugin-source-sample/generator';
import { searchWords } from '../../src/features/prospects/search-text.ts';
import { ensureUiBuilt } from '../stack/ui-build.ts';
import { median, secondsSince, startBenchStack } from './stack.ts';

const PROSPECTS = Number(process.env.BENCH_SCREEN_PROSPECTS ?? 10_000);
const REPEAT = 15;
const WORKSPACE = 'screen';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

ensureUiBuilt((message) => console.log(`[bench] ${message}`));
const stack = await startBenchStack('screen');
try {
  // Sample people from the product's own generator (labelled sample), with the scores and industries a processed workspace has.
  let started = performance.now();
  const documents = Array.from({ length: PROSPECTS }, (_, index) => {
    const {
      company,
      people: [person],
    } = defaultSampleCompany(index);
    const prospect = { firstName: person!.firstName, lastName: person!.lastName, company: company.name, email: person!.email };
    return {
      ...prospect,
      workspaceId: WORKSPACE,
      id: index + 1,
      jobTitle: person!.jobTitle,
      emailLower: person!.email.toLowerCase(),
      score: index % 4 === 0 ? null : (index * 37) % 101,
      industry: company.industry,
      industryLower: company.industry.toLowerCase(),
      website: null,
      linkedinUrl: null,
      source: 'linkedin',
      companySize: null,
      employeeCount: company.employeeCount,
      sample: true,
      searchText: searchWords(prospect),
    };
  });
  for (let from = 0; from < documents.length; from += 1_000)
    await stack.db.prospects.insertMany(documents.slice(from, from + 1_000), { ordered: false });
  const inserted = secondsSince(started);
  const probe = documents[Math.floor(PROSPECTS * 0.73)]!;

  const config = loadConfig({
    MONGODB_URI: stack.databaseUri,
    TEMPORAL_ADDRESS: stack.devstack.temporalAddress,
    TEMPORAL_TASK_QUEUE: stack.taskQueue,
    PORT: String(await freePort()),
    LOG_LEVEL: 'silent',
    MEETFLOW_SEED: 'off',
    MEETFLOW_SAMPLE_COMPANIES: '0',
  });
  const api = await startApi(config, pino({ level: 'silent' }));
  try {
    for (let attempt = 0; (await fetch(`${api.url}/api/health`)).status !== 200; attempt++) {
      if (attempt > 100) throw new Error('the API did not become healthy');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const session = await ownerSession(stack.db, WORKSPACE);
    const cookie = `meetflow_session=${session}`;
    const timed = async (query: string) => {
      const times: number[] = [];
      let total = '';
      for (let index = 0; index < REPEAT; index++) {
        const at = performance.now();
        const response = await fetch(`${api.url}/api/prospects?workspace=${WORKSPACE}&limit=25&${query}`, { headers: { cookie } });
        await response.json();
        times.push(performance.now() - at);
        total = response.headers.get('x-total-count') ?? '?';
      }
      return `${median(times).toFixed(0)} ms (median of ${REPEAT}; ${Number(total).toLocaleString('en-US')} match)`;
    };
    console.log(`\nbench screen: the Prospect Pipeline over ${PROSPECTS.toLocaleString('en-US')} prospects (inserted in ${inserted} s)`);
    console.log(`  API first page          ${await timed('offset=0')}`);
    console.log(`  API page 200            ${await timed(`offset=${25 * 199}`)}`);
    console.log(
      `  ${`API search "${probe.lastName.toLowerCase()}"`.padEnd(24)}${await timed(`search=${encodeURIComponent(probe.lastName.toLowerCase())}`)}`,
    );
    console.log(`  API industry + score    ${await timed(`industry=${encodeURIComponent(probe.industry)}&minScore=70&sort=score`)}`);

    if (!existsSync(CHROMIUM)) {
      console.log(`  screen                  not measured: no Chromium at ${CHROMIUM} (npm test installs it)`);
    } else {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
      try {
        // The bench checks rows with string predicates, which the app's CSP (no eval) would refuse; the policy costs no time.
        const context = await browser.newContext({ bypassCSP: true });
        await context.addCookies([{ name: 'meetflow_session', value: session, url: api.url }]);
        const page = await context.newPage();
        await page.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), WORKSPACE);
        const firstRows: number[] = [];
        const searches: number[] = [];
        // Checked in the page on every animation frame (a locator's wait backs off up to 500 ms between looks).
        const rowsShown = (word: string) => `(() => { const rows = [...document.querySelectorAll('[data-testid="prospect-row"]')];
          return rows.length > 0 && rows.every((row) => row.textContent.toLowerCase().includes(${JSON.stringify(word.toLowerCase())})); })()`;
        for (let index = 0; index < 5; index++) {
          started = performance.now();
          await page.goto(`${api.url}/prospects`);
          await page.waitForFunction(rowsShown(''));
          firstRows.push(performance.now() - started);
          const word = documents[(index * 1_999) % PROSPECTS]!.lastName;
          started = performance.now();
          await page.getByLabel('Search prospects').fill(word);
          await page.waitForFunction(rowsShown(word)); // only the search's rows: the list before it is gone
          searches.push(performance.now() - started);
        }
        console.log(`  screen: first rows      ${median(firstRows).toFixed(0)} ms (median of 5 loads, navigation to the first row shown)`);
        console.log(
          `  screen: search          ${median(searches).toFixed(0)} ms (median of 5, typing a last name to only its rows shown; includes the 300 ms debounce)`,
        );
      } finally {
        await browser.close();
      }
    }
  } finally {
    await api.close();
  }
} finally {
  await stack.close();
}
