import { describe, expect, it } from 'vitest';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { columnOf, MAX_IMPORT_ROWS, parseProspectCsv } from './import-csv.ts';

describe('parseProspectCsv', () => {
  it('recognises header names in any case and common aliases, ignoring unknown columns', () => {
    expect(['First Name', 'E-mail', 'surname', 'Company Name', 'Job Title', 'No. of Employees', 'Notes'].map(columnOf)).toEqual([
      'firstName',
      'email',
      'lastName',
      'company',
      'jobTitle',
      'employeeCount',
      null,
    ]);
    expect(columnOf('Number of employees')).toBe('employeeCount');
    const rows = parseProspectCsv('\uFEFFFirst Name,Last Name,E-mail,Company,Notes\nAda, Lovelace ,ada@x.io,Analytical,"likes, commas"\n');
    expect(rows).toEqual([{ row: 2, values: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io', company: 'Analytical' } }]);
  });

  it('numbers rows by their line in the file, skipping blank lines, and leaves blank cells out', () => {
    const rows = parseProspectCsv('firstName,lastName,email,company,industry\na,b,a@x.io,X,\n\nc,d,c@x.io,Y,Retail\n');
    expect(rows).toEqual([
      { row: 2, values: { firstName: 'a', lastName: 'b', email: 'a@x.io', company: 'X' } },
      { row: 4, values: { firstName: 'c', lastName: 'd', email: 'c@x.io', company: 'Y', industry: 'Retail' } },
    ]);
  });

  it('refuses a file that cannot be parsed, an empty one, one without the required columns, and one too long', () => {
    expect(() => parseProspectCsv('firstName,lastName\n"unclosed,x\n')).toThrow(/The CSV file cannot be read: Quote Not Closed/);
    expect(() => parseProspectCsv('')).toThrow(/The CSV file is empty/);
    expect(() => parseProspectCsv('name,mail,organisation\n')).toThrow(
      /has no column for firstName, lastName \(expected firstName,lastName,email,company,/,
    );
    const long = `firstName,lastName,email,company\n${'a,b,c,d\n'.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(() => parseProspectCsv(long)).toThrow(UnprocessableError);
  });
});
