import type { Models } from '../../models.ts';
import { latestRuns } from '../campaigns/outcomes.ts';
import type { Prospect } from './model.ts';
import type { ProspectQuery } from './query.ts';
import { statusOf, type SequenceRuns } from './standing.ts';

/** The columns of the export, in order: the prospect's fields, then where it stands. */
export const EXPORT_COLUMNS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'jobTitle',
  'company',
  'industry',
  'score',
  'source',
  'website',
  'linkedinUrl',
  'companySize',
  'employeeCount',
  'status',
  'sequence',
  'createdAt',
] as const;

/** Rows read from the database at a time: what the export holds in memory. */
export const EXPORT_BATCH = 500;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces,
 * quotes doubled. A text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or
 * a carriage return) gets a leading apostrophe, so opening the file runs nothing (OWASP's CSV
 * injection advice).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export const csvLine = (fields: ReadonlyArray<string | number | null | undefined>): string => `${fields.map(csvField).join(',')}\r\n`;

/**
 * The export of the prospects `query` matches, in `order`, as CSV text a batch at a time: one
 * database cursor read EXPORT_BATCH rows at a time (each batch's latest runs read by their ids),
 * with the workspace's sequences as listed once before, so a large workspace never sits in memory whole.
 * It starts with a byte-order mark, which spreadsheets need to read UTF-8.
 */
export async function* prospectsCsv(
  deps: { db: Pick<Models, 'prospects' | 'pipelineRuns'> },
  workspaceId: string,
  query: ProspectQuery,
  order: Record<string, 1 | -1>,
  sequences: SequenceRuns,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(EXPORT_COLUMNS)}`;
  const cursor = deps.db.prospects.find(query).sort(order).lean<Prospect[]>().cursor({ batchSize: EXPORT_BATCH });
  let batch: Prospect[] = [];
  const flush = async () => {
    const runs = await latestRuns(
      deps.db,
      workspaceId,
      batch.map((prospect) => prospect.id),
    );
    const text = batch
      .map((prospect) =>
        csvLine([
          prospect.id,
          prospect.firstName,
          prospect.lastName,
          prospect.email,
          prospect.jobTitle,
          prospect.company,
          prospect.industry,
          prospect.score,
          prospect.source,
          prospect.website,
          prospect.linkedinUrl,
          prospect.companySize,
          prospect.employeeCount,
          statusOf(runs.get(prospect.id)),
          sequences.get(prospect.id) ?? 'none',
          prospect.createdAt?.toISOString(),
        ]),
      )
      .join('');
    batch = [];
    return text;
  };
  for await (const prospect of cursor as AsyncIterable<Prospect>) {
    batch.push(prospect);
    if (batch.length === EXPORT_BATCH) yield await flush();
  }
  if (batch.length > 0) yield await flush();
}
