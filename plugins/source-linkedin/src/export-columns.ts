// The columns read from a Sales Navigator lead-list export. Export tools name them differently,
// so each field accepts several headers, compared without case, spaces or punctuation.

/** Headers accepted for each field, the first being the one the README documents. */
export const COLUMNS = {
  firstName: ['First Name'],
  lastName: ['Last Name'],
  jobTitle: ['Job Title', 'Title', 'Current Title', 'Position'],
  company: ['Company Name', 'Company', 'Account Name', 'Current Company'],
  companyDomain: ['Company Domain', 'Company Website', 'Website'],
  email: ['Email', 'Email Address', 'Work Email'],
  linkedinUrl: ['LinkedIn URL', 'Profile URL', 'LinkedIn Profile URL', 'Public Profile URL'],
  salesNavigatorUrl: ['Sales Navigator URL', 'Lead URL', 'Sales Navigator Profile URL'],
  industry: ['Industry', 'Company Industry'],
  companySize: ['Company Size', 'Company Headcount', 'Employees', 'Employee Count'],
  location: ['Location', 'Geography', 'Lead Location'],
} as const;

/** A field of the export. */
export type Column = keyof typeof COLUMNS;
/** The fields an export must have. */
export const REQUIRED_COLUMNS: Column[] = ['firstName', 'lastName', 'company'];

/** A header as compared: "LinkedIn URL" → "linkedinurl". */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Which header of the file holds each field (the first accepted one present), or the missing required fields. */
export function locateColumns(headers: string[]): { found: Partial<Record<Column, string>>; missing: Column[] } {
  const present = new Map(headers.map((header) => [headerKey(header), header]));
  const found: Partial<Record<Column, string>> = {};
  for (const [column, accepted] of Object.entries(COLUMNS) as Array<[Column, readonly string[]]>) {
    const header = accepted.map((name) => present.get(headerKey(name))).find((name) => name !== undefined);
    if (header !== undefined) found[column] = header;
  }
  return { found, missing: REQUIRED_COLUMNS.filter((column) => !found[column]) };
}
