import { ConflictError } from '../../../core/errors.ts';
import { NewProspectBody } from './api-schemas.ts';
import { parseProspectCsv, type CsvRow } from './import-csv.ts';
import { createProspect, type ProspectDb } from './prospects.ts';

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

/** Validates a row with POST /api/prospects's schema and creates it; the per-field problems when it cannot. */
async function importRow(
  db: ProspectDb,
  workspaceId: string,
  values: CsvRow['values'],
): Promise<{ id: number } | { errors: Record<string, string> }> {
  const { candidate, errors } = candidateOf(values);
  const parsed = NewProspectBody.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.') || 'row'] ??= issue.message;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  try {
    return { id: (await createProspect(db, workspaceId, parsed.data)).id };
  } catch (error) {
    if (error instanceof ConflictError) return { errors: { email: 'already exists' } };
    throw error;
  }
}

/**
 * Imports prospects from CSV text: every good row is created (source "csv-import"), every bad
 * one is reported with its line and fields; an email already in the workspace (or earlier in
 * the file) is a row error "already exists", so importing the same file twice adds nothing.
 * Rows are created one after another so the ids follow the file's order.
 */
export async function importProspects(db: ProspectDb, workspaceId: string, text: string): Promise<ImportResult> {
  const result: ImportResult = { imported: 0, failed: 0, errors: [], prospects: [] };
  for (const { row, values } of parseProspectCsv(text)) {
    const outcome = await importRow(db, workspaceId, values);
    if ('id' in outcome) {
      result.imported += 1;
      result.prospects.push(outcome.id);
    } else {
      result.failed += 1;
      result.errors.push({ row, errors: outcome.errors });
    }
  }
  return result;
}
