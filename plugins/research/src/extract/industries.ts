// Keyword families behind the industry label: a site is put in the family whose words it uses
// most (several distinct words needed), and the words it used are shown as the evidence. The
// labels and words are the product's one industry taxonomy (the SDK's), so the industry research
// names is the one the ICP builder groups by and lead scoring matches.
import { INDUSTRIES } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';

/** One industry and the words that point to it. */
export interface IndustryFamily {
  label: string;
  keywords: readonly string[];
}

/** The industries research can name (those with site keywords), most specific first (ties go to the earlier family). */
export const INDUSTRY_FAMILIES: readonly IndustryFamily[] = INDUSTRIES.filter((industry) => industry.keywords.length > 0).map(
  ({ label, keywords }) => ({ label, keywords }),
);
