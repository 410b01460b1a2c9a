// Shapes of the ICP API (platform/src/features/prospecting/icp/schemas.ts, spec section 3); dates arrive as ISO strings.

/** What defines a slice: the values discovery and scoring match prospects against. */
export interface IcpCriteria {
  industry: string[];
  /** Headcount band, e.g. "50-200 employees"; "unknown" when no site states one. */
  companySize: string;
  jobTitles: string[];
  techStack: string[];
  painPoints: string[];
}

/** One ideal-customer-profile slice: a group of similar customers and what they share. */
export interface IcpSlice {
  name: string;
  description: string;
  /** 0 to 1. */
  confidence: number;
  /** Companies like these in the market, to the nearest 10. */
  estimatedVolume: number;
  criteria: IcpCriteria;
}

/** The workspace's ICP: the answer of POST /api/superagent/analyze-icp and of GET /api/icp. */
export interface IcpAnalysis {
  icpSlices: IcpSlice[];
  /** 0 to 1: mean research confidence over every URL given. */
  confidence: number;
  /** One finding per line: each site with its evidence, failed sites, how slices were formed. */
  analysisNotes: string;
  sourceUrls: string[];
  analyzedAt: string;
}
