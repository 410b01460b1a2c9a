import type { IcpCriteria } from '../api/types.ts';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const LIST_FIELDS = ['industry', 'jobTitles', 'techStack', 'painPoints'] as const;
const TEXT_FIELDS = ['companySize', 'revenue'] as const;

/**
 * Reads the `?criteria=` parameter the ICP Builder links with: JSON of
 * `{industry, companySize, jobTitles, techStack, painPoints, revenue?}` (lists of strings, texts).
 * A missing field counts as empty; anything else malformed (bad JSON, a wrong type) gives null,
 * so a hand-edited or truncated link opens the plain form instead of breaking the screen.
 */
export function criteriaFromParam(param: string | null): IcpCriteria | null {
  if (!param) return null;
  let value: unknown;
  try {
    value = JSON.parse(param);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, unknown>;
  if (LIST_FIELDS.some((field) => fields[field] !== undefined && !isStringList(fields[field]))) return null;
  if (TEXT_FIELDS.some((field) => fields[field] !== undefined && typeof fields[field] !== 'string')) return null;
  const list = (field: (typeof LIST_FIELDS)[number]) => (fields[field] as string[] | undefined) ?? [];
  const text = (field: (typeof TEXT_FIELDS)[number]) => (fields[field] as string | undefined) ?? '';
  return {
    industry: list('industry'),
    companySize: text('companySize'),
    jobTitles: list('jobTitles'),
    techStack: list('techStack'),
    painPoints: list('painPoints'),
    revenue: text('revenue'),
  };
}
