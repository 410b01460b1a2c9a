// Shapes of the discovery and prospect API, as the API's OpenAPI document states them (ui/src/lib/api-types.generated.ts).
import type {
  PostApiProspectsBody,
  PostApiProspectsResponse,
  PostApiSuperagentDiscoverProspectsResponse,
} from '../../../lib/api-types.generated.ts';
import type { IcpCriteria as SliceCriteria } from '../../icp/index.ts';

/** A source as discovery names it: an installed source plugin's id without `source-` (the built-in four: linkedin, crunchbase, apollo, zoominfo). */
export type DiscoverySourceId = string;

/** The ICP criteria the form edits and sends (spec section 3, "ICP criteria"): a slice's criteria and a revenue range. */
export interface IcpCriteria extends SliceCriteria {
  revenue: string;
}

/** 200 of POST /api/superagent/discover-prospects (spec section 3, "Discovery response"). */
export type DiscoverProspectsResponse = PostApiSuperagentDiscoverProspectsResponse;

/** One discovered prospect, best match first in the answer. */
export type DiscoveredProspect = DiscoverProspectsResponse['prospects'][number];

/** Body of POST /api/prospects. */
export type NewProspect = PostApiProspectsBody;

/** The part of 201 of POST /api/prospects this feature reads: the stored prospect's id and label. */
export type AddedProspect = Pick<PostApiProspectsResponse, 'id' | 'email' | 'sample'>;
