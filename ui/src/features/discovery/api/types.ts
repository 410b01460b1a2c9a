// Shapes of the discovery and prospect API (platform/src/features/prospecting/discovery/api-schemas.ts
// and prospects/api-schemas.ts); the zod schemas there are the contract, these mirror them for the browser.

import type { IcpCriteria as SliceCriteria } from '../../icp/index.ts';

/** A source as discovery names it: an installed source plugin's id without `source-` (the built-in four: linkedin, crunchbase, apollo, zoominfo). */
export type DiscoverySourceId = string;

/** The ICP criteria the form sends (spec section 3, "ICP criteria"): a slice's criteria and a revenue range. */
export interface IcpCriteria extends SliceCriteria {
  revenue: string;
}

/** One discovered prospect, best match first in the answer. */
export interface DiscoveredProspect {
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  email: string | null;
  /** The first source the person came from; `sources` lists every one after de-duplication. */
  source: DiscoverySourceId;
  sources: DiscoverySourceId[];
  /** The lead-scoring total against the criteria, 0–100. */
  matchScore: number;
  /** The explainable score: the criteria matched (and missed), with the facts they rest on. */
  matchReason: string;
  industry: string | null;
  /** Employee band, e.g. "51-200 employees". */
  companySize: string | null;
  linkedinUrl: string | null;
  website: string | null;
  enrichmentData: {
    companyRevenue: string | null;
    employeeCount: number | null;
    techStack: string[];
    recentFunding: boolean | null;
  };
  /** True when the person comes from the built-in sample database, not from the provider. */
  sample: boolean;
}

/** 200 of POST /api/superagent/discover-prospects (spec section 3, "Discovery response"). */
export interface DiscoverProspectsResponse {
  /** False only when no source could be searched; `error` then says why. */
  success: boolean;
  prospects: DiscoveredProspect[];
  totalFound: number;
  /** 0 to 1. */
  confidence: number;
  error: string | null;
  /** True when any prospect is sample data. */
  sample: boolean;
  /** What each source gave (or why not), what was merged and relaxed. */
  notes: string;
  /** The target count asked for (a campaign's list); null without one. */
  targetCount: number | null;
  /** People left out, by reason (with a target count). */
  excluded: { alreadyProspect: number; suppressed: number; contactedRecently: number; noEmail: number };
  /** With a target count: why fewer people than asked were found; null when it was met. */
  shortfall: string | null;
}

/** Body of POST /api/prospects (only the fields the create schema accepts). */
export interface NewProspect {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  jobTitle?: string;
  website?: string;
  linkedinUrl?: string;
  source?: string;
  industry?: string;
  companySize?: string;
  employeeCount?: number;
  sample?: boolean;
}

/** The part of 201 of POST /api/prospects this feature reads: the stored prospect's id and label. */
export interface AddedProspect {
  id: number;
  email: string;
  sample: boolean;
}
