import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken } from '../testing/principal.ts';
import { FAULT_PROSPECTS, FAULT_SETUP_MS, faultTimeout, reportFault, startFaultBed, type FaultBed } from './fault-bed.ts';

// kill -9 of the production API while it writes a bulk import of prospects: what it wrote must be
// whole documents, the file's first rows in order (rows are written one after another, each in one
// insert), and the same request once the API is back must finish the import without a duplicate.
const workspaceId = 'faults-api-kill';
let bed: FaultBed;
let token: string;
beforeAll(async () => {
  bed = await startFaultBed('api-kill');
  token = await ownerToken(bed.database.db, workspaceId);
}, FAULT_SETUP_MS);
afterAll(() => bed?.close());

const rows = Array.from({ length: FAULT_PROSPECTS }, (_, index) => ({
  firstName: `Pat${index}`,
  lastName: 'Doe',
  email: `Pat.${index}@Company${index}.example`,
  company: `Company ${index}`,
  jobTitle: 'VP of Sales',
  industry: 'Software',
  website: `company${index}.example`,
  employeeCount: 120 + index,
}));
const csv = [Object.keys(rows[0]!).join(','), ...rows.map((row) => Object.values(row).join(','))].join('\n');

/** POST /api/prospects/import of the whole file; the answer, or the error of a connection cut off. */
const importFile = (url: string) =>
  fetch(`${url}/api/prospects/import?workspace=${workspaceId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }),
    (error: Error) => error,
  );

const prospects = () => bed.database.db.prospects.find({ workspaceId }).sort({ id: 1 }).lean();

describe('the API killed (SIGKILL) in the middle of a bulk prospect import', () => {
  it(
    'leaves whole prospects, the first rows in file order, and the same import again completes it with no duplicate',
    async () => {
      const started = performance.now();
      const first = await bed.startApi();
      const cut = importFile(first.url);
      await expect
        .poll(() => bed.database.db.prospects.countDocuments({ workspaceId }), { timeout: 60_000, interval: 5 })
        .toBeGreaterThanOrEqual(Math.ceil(FAULT_PROSPECTS / 4));
      first.process.kill('SIGKILL');
      expect(await cut).toBeInstanceOf(Error); // the client never got an answer
      await first.exited;

      const written = await prospects();
      expect(written.length).toBeLessThan(FAULT_PROSPECTS); // it really was in the middle
      expect(written.map((prospect) => prospect.email)).toEqual(rows.slice(0, written.length).map((row) => row.email));
      const second = await bed.startApi();
      const again = await importFile(second.url);
      expect(again).toEqual({
        status: 200,
        body: {
          imported: FAULT_PROSPECTS - written.length,
          failed: written.length,
          errors: written.map((_, index) => ({ row: index + 2, errors: { email: 'already exists' } })),
          prospects: expect.any(Array),
        },
      });

      const all = await prospects();
      expect(all.map((prospect) => prospect.email)).toEqual(rows.map((row) => row.email)); // each once, in file order
      const fields = (prospect: object) => Object.keys(prospect).sort().join(',');
      for (const [index, prospect] of all.entries()) {
        const row = rows[index]!;
        // Those written before the kill are as whole as those written after it.
        expect(fields(prospect)).toBe(fields(all.at(-1)!));
        expect(prospect).toMatchObject({
          ...row,
          emailLower: row.email.toLowerCase(),
          industryLower: 'software',
          website: `https://${row.website}`,
          source: 'csv-import',
          searchText: expect.arrayContaining([row.firstName.toLowerCase(), row.email.toLowerCase()]),
        });
      }
      reportFault('API kill -9 mid-import', {
        seconds: Math.round((performance.now() - started) / 1000),
        writtenBeforeKill: written.length,
      });
      await second.stop();
    },
    faultTimeout(0),
  );
});
