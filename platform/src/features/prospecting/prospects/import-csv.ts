import { CsvError, parse } from 'csv-parse/sync';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';

/** The columns an import reads, each with the header names it is recognised by (compared lowercase, letters and digits only). */
export const IMPORT_COLUMNS = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'workemail', 'businessemail', 'mail'],
  company: ['company', 'companyname', 'organization', 'organisation', 'account', 'accountname', 'employer'],
  jobTitle: ['jobtitle', 'title', 'position', 'role'],
  industry: ['industry', 'sector'],
  website: ['website', 'companywebsite', 'url', 'web', 'site', 'domain', 'companydomain'],
  employeeCount: ['employeecount', 'employees', 'numberofemployees', 'noofemployees', 'headcount', 'companyemployees'],
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** Columns without which no row could be a prospect: a header lacking one is refused. */
export const REQUIRED_COLUMNS: ImportColumn[] = ['firstName', 'lastName', 'email', 'company'];
/** Data rows one import may hold. */
export const MAX_IMPORT_ROWS = 5000;

/** One data row: the line of the file it ends on (the header is line 1) and its cells by column; blank cells are left out. */
export interface CsvRow {
  row: number;
  values: Partial<Record<ImportColumn, string>>;
}

const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column each header cell names, or null for a column the import does not read. */
export function columnOf(header: string): ImportColumn | null {
  const key = headerKey(header);
  const entry = Object.entries(IMPORT_COLUMNS).find(([, aliases]) => (aliases as readonly string[]).includes(key));
  return (entry?.[0] as ImportColumn | undefined) ?? null;
}

/** A parsed record with `info: true`: the cells and the line the record ends on (csv-parse's types do not model this option). */
type ParsedRecord = { record: string[]; info: { lines: number } };

function records(text: string): ParsedRecord[] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw new UnprocessableError(`The CSV file cannot be read: ${error.message}`);
    throw error;
  }
}

/**
 * Reads a prospect CSV: the first line is the header (names any case, common aliases such as
 * "First Name" or "E-mail"), columns it does not know are ignored. A file that cannot be parsed,
 * lacks a required column or has too many rows is a 422 (the request was well formed, its file is not
 * one to import); the rows are not validated here.
 */
export function parseProspectCsv(text: string): CsvRow[] {
  const [header, ...rows] = records(text);
  if (!header)
    throw new UnprocessableError('The CSV file is empty: expected a header line (firstName,lastName,email,company,...) and rows');
  const columns = header.record.map(columnOf);
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new UnprocessableError(
      `The CSV header has no column for ${missing.join(', ')} (expected ${Object.keys(IMPORT_COLUMNS).join(',')})`,
    );
  }
  if (rows.length > MAX_IMPORT_ROWS)
    throw new UnprocessableError(`A CSV import may hold at most ${MAX_IMPORT_ROWS} rows; this one has ${rows.length}`);
  return rows.map(({ record, info }) => {
    const values: CsvRow['values'] = {};
    record.forEach((cell, index) => {
      const column = columns[index];
      // The first column of a name wins when a file repeats it.
      if (column && cell !== '' && values[column] === undefined) values[column] = cell;
    });
    return { row: info.lines, values };
  });
}
