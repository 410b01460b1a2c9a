// Shapes of the ICP API (spec section 3), as the API's OpenAPI document states them (ui/src/lib/api-types.generated.ts).
import type { GetApiIcpResponse } from '../../../lib/api-types.generated.ts';

/** The workspace's ICP: the answer of POST /api/superagent/analyze-icp and of GET /api/icp. */
export type IcpAnalysis = NonNullable<GetApiIcpResponse>;

/** One ideal-customer-profile slice: a group of similar customers and what they share. */
export type IcpSlice = IcpAnalysis['icpSlices'][number];

/** What defines a slice: the values discovery and scoring match prospects against. */
export type IcpCriteria = IcpSlice['criteria'];
