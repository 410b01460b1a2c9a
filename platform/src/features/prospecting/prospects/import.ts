import { Types } from 'mongoose';
import { reserveSequence } from '../../../core/db/counter.ts';
import { publishEvent } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import { NewProspectBody, type NewProspect } from './api-schemas.ts';
import { parseProspectCsv, type CsvRow } from './import-csv.ts';
import type { Prospect } from './model.ts';
import type { ProspectDb } from './prospects.ts';
import { addSearchKeys } from './search-keys.ts';
import { searchWords } from './search-text.ts';

/** The `source` of prospects added by a CSV import. */
export const IMPORT_SOURCE = 'csv-import';

/** A row that was not imported: its line in the file and each bad field with why. */
export interface ImportRowError {
  row: number;
  errors: Record<string, string>;
}

/** What an import did. */
export interface ImportResult {
  imported: number;
  failed: number;
  errors: ImportRowError[];
  /** Ids of the prospects created, in file order. */
  prospects: number[];
}

const WHOLE_NUMBER = /^\d+$/;

// Spreadsheets write "1,200" and "acme.com"; the API wants 1200 and a URL.
function candidateOf(values: CsvRow['values']): { candidate: Record<string, unknown>; errors: Record<string, string> } {
  const { employeeCount, website, ...rest } = values;
  const candidate: Record<string, unknown> = { ...rest, source: IMPORT_SOURCE };
  const errors: Record<string, string> = {};
  if (employeeCount !== undefined) {
    const digits = employeeCount.replace(/[,\s_]/g, '');
    if (WHOLE_NUMBER.test(digits)) candidate.employeeCount = Number(digits);
    else errors.employeeCount = 'must be a whole number';
  }
  if (website !== undefined) candidate.website = /^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `https://${website}`;
  return { candidate, errors };
}

/** Validates a row with POST /api/prospects's schema: the prospect to create, or the per-field problems. */
function validRow(values: CsvRow['values']): { input: NewProspect } | { errors: Record<string, string> } {
  const { candidate, errors } = candidateOf(values);
  const parsed = NewProspectBody.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'row'] ??= issue.message;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data };
}

const ALREADY_EXISTS = { email: 'already exists' };

/** A row of the file: the prospect it adds, or why it adds none. */
type RowOutcome = { row: number; errors: Record<string, string> } | { row: number; input: NewProspect; emailLower: string };

/**
 * Imports prospects from CSV text: every good row is created (source "csv-import"), every bad
 * one is reported with its line and fields; an email already in the workspace (or earlier in
 * the file) is a row error "already exists", so importing the same file twice adds nothing.
 * Written in bulk, as a launch is: the known emails read once, one block of ids reserved in the
 * file's order, the rows' search keys in one bulkWrite, then the prospects in one insertMany.
 */
export async function importProspects(db: ProspectDb, workspaceId: string, text: string): Promise<ImportResult> {
  const rows = parseProspectCsv(text).map(({ row, values }) => ({ row, ...validRow(values) }));
  const emails = rows.flatMap((row) => ('input' in row ? [row.input.email.toLowerCase()] : []));
  const known = new Set(
    emails.length === 0
      ? []
      : (
          await db.prospects
            .find({ workspaceId, emailLower: { $in: emails } }, { emailLower: 1 })
            .lean<Array<Pick<Prospect, 'emailLower'>>>()
        ).map((prospect) => prospect.emailLower),
  );
  // Rows in file order, each a prospect to create or its errors; a second row with an email is "already exists".
  const outcomes = rows.map((row): RowOutcome => {
    if (!('input' in row)) return { row: row.row, errors: row.errors };
    const emailLower = row.input.email.toLowerCase();
    if (known.has(emailLower)) return { row: row.row, errors: ALREADY_EXISTS };
    known.add(emailLower);
    return { row: row.row, input: row.input, emailLower };
  });
  const fresh = outcomes.flatMap((outcome) => ('input' in outcome ? [outcome] : []));
  const inserted = new Set<string>();
  const documents: Array<Prospect & { _id: Types.ObjectId }> = [];
  if (fresh.length > 0) {
    const first = await reserveSequence(db.counters, workspaceId, 'prospect', fresh.length);
    for (const [index, { input, emailLower }] of fresh.entries())
      documents.push({
        jobTitle: null,
        industry: null,
        website: null,
        linkedinUrl: null,
        source: null,
        companySize: null,
        employeeCount: null,
        sample: false,
        ...input,
        _id: new Types.ObjectId(),
        workspaceId,
        id: first + index,
        emailLower,
        score: input.score ?? null,
        industryLower: input.industry?.toLowerCase() ?? null,
        searchText: searchWords(input),
      });
    // The keys before the prospects, so each is found as soon as it exists (keys of one never inserted match nothing).
    await addSearchKeys(db, workspaceId, documents);
    // A concurrent add of the same email wins on the unique index: that row is "already exists" (its id stays a gap).
    await db.prospects.insertMany(documents, { ordered: false }).catch((error: unknown) => {
      if (!(error as { writeErrors?: unknown[] }).writeErrors) throw error;
    });
    const written = await db.prospects
      .find({ _id: { $in: documents.map((document) => document._id) }, workspaceId }, { _id: 1 })
      .lean<Array<{ _id: Types.ObjectId }>>();
    for (const { _id } of written) inserted.add(String(_id));
  }
  const result: ImportResult = { imported: 0, failed: 0, errors: [], prospects: [] };
  let next = 0;
  for (const outcome of outcomes) {
    const document = 'input' in outcome ? documents[next++]! : undefined;
    if (document && inserted.has(String(document._id))) {
      const { id, firstName, lastName, email, company, jobTitle, source } = document;
      await publishEvent(db, systemRunContext(workspaceId, 'prospects'), {
        type: 'prospect.created',
        key: String(id),
        data: { prospect: { id, firstName, lastName, email, company, jobTitle, source } },
      });
      result.imported += 1;
      result.prospects.push(id);
    } else {
      result.failed += 1;
      result.errors.push({ row: outcome.row, errors: 'errors' in outcome ? outcome.errors : ALREADY_EXISTS });
    }
  }
  return result;
}
