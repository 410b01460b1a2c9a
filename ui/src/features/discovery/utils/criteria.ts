import type { IcpCriteria } from '../api/types.ts';

/** The ICP Criteria form as typed: one string per field, lists one item per line. */
export interface CriteriaForm {
  industry: string;
  companySize: string;
  jobTitles: string;
  techStack: string;
  painPoints: string;
  revenue: string;
}

/** The form when nothing is prefilled. */
export const EMPTY_CRITERIA_FORM: CriteriaForm = {
  industry: '',
  companySize: '',
  jobTitles: '',
  techStack: '',
  painPoints: '',
  revenue: '',
};

const trimmedItems = (items: string[]) => items.map((item) => item.trim()).filter((item) => item !== '');

/**
 * The items of a multi-line field, one per line. Lines, not commas: a pain point is often a
 * sentence with commas in it, and the ICP Builder's lists must come back exactly as they left.
 */
export function linesOf(text: string): string[] {
  return trimmedItems(text.split(/\r?\n/));
}

/** The industries of the one-line Industry field, comma-separated (spec section 5). */
export function industriesOf(text: string): string[] {
  return trimmedItems(text.split(','));
}

/** The criteria the form sends; company size and revenue go as typed (spec section 5). */
export function criteriaOf(form: CriteriaForm): IcpCriteria {
  return {
    industry: industriesOf(form.industry),
    companySize: form.companySize,
    jobTitles: linesOf(form.jobTitles),
    techStack: linesOf(form.techStack),
    painPoints: linesOf(form.painPoints),
    revenue: form.revenue,
  };
}

/** True when the criteria name no industry or no job title, which discovery needs (spec section 5). */
export function lacksRequired(criteria: IcpCriteria): boolean {
  return criteria.industry.length === 0 || criteria.jobTitles.length === 0;
}

/** The form showing given criteria: industries comma-separated, the other lists one per line. */
export function formOf(criteria: IcpCriteria): CriteriaForm {
  return {
    industry: criteria.industry.join(', '),
    companySize: criteria.companySize,
    jobTitles: criteria.jobTitles.join('\n'),
    techStack: criteria.techStack.join('\n'),
    painPoints: criteria.painPoints.join('\n'),
    revenue: criteria.revenue,
  };
}
