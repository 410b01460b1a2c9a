import { readFile } from 'node:fs/promises';
import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { parse } from 'csv-parse/sync';
import { locateColumns, type Column } from './export-columns.ts';

/** One lead of the export: the person, and the company size as the export states it. */
export interface ExportLead {
  person: DiscoveredPerson;
  companySize: string | null;
}

const unreadable = (message: string) => ApplicationFailure.create({ type: 'SourceExportUnreadable', nonRetryable: true, message });
const orNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/** The lead id of a Sales Navigator lead URL (".../sales/lead/ACwAA…,NAME_SEARCH,…" → "ACwAA…"). */
export function leadIdOf(url: string | null): string | null {
  return url ? (/\/sales\/lead\/([^,/?]+)/.exec(url)?.[1] ?? null) : null;
}

function toLead(row: Record<string, string>, columns: Partial<Record<Column, string>>): ExportLead | null {
  const cell = (column: Column) => orNull(columns[column] ? row[columns[column]] : undefined);
  const firstName = cell('firstName');
  const lastName = cell('lastName');
  const company = cell('company');
  if (!firstName || !lastName || !company) return null;
  const size = cell('companySize');
  const salesNavigatorUrl = cell('salesNavigatorUrl');
  const exactSize = size && /^\d[\d,]*$/.test(size) ? Number(size.replace(/,/g, '')) : null;
  return {
    companySize: size,
    person: {
      firstName,
      lastName,
      company,
      jobTitle: cell('jobTitle') ?? '',
      companyDomain:
        cell('companyDomain')
          ?.replace(/^https?:\/\//, '')
          .replace(/^www\./, '')
          .replace(/\/.*$/, '') ?? null,
      email: cell('email'),
      linkedinUrl: cell('linkedinUrl') ?? salesNavigatorUrl,
      industry: cell('industry'),
      employeeCount: exactSize, // a headcount band ("51-200 employees") is not a count
      companyRevenue: null,
      techStack: [],
      recentFunding: null, // not in a lead export
      location: cell('location'),
      sourceRef: leadIdOf(salesNavigatorUrl) ?? cell('linkedinUrl'),
    },
  };
}

/** Reads every lead of a Sales Navigator CSV export; rows without a name or company are counted as skipped. */
export async function readExport(path: string): Promise<{ leads: ExportLead[]; skipped: number }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(`the Sales Navigator export ${path} cannot be read: ${(error as Error).message}`);
  }
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (error) {
    throw unreadable(`the Sales Navigator export ${path} is not valid CSV: ${(error as Error).message}`);
  }
  const { found, missing } = locateColumns(rows[0] ? Object.keys(rows[0]) : []);
  if (rows.length && missing.length) throw unreadable(`the Sales Navigator export ${path} lacks the columns: ${missing.join(', ')}`);
  const leads = rows.map((row) => toLead(row, found)).filter((lead) => lead !== null);
  return { leads, skipped: rows.length - leads.length };
}
