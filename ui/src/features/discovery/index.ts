// What Prospect Discovery offers other features: discovering prospects, its shapes, and its source checklist.
export { discoverProspects } from './api/discover-prospects.ts';
export type { DiscoveredProspect, DiscoverProspectsResponse, DiscoverySourceId } from './api/types.ts';
export { DataSourcesChecklist } from './components/data-sources-checklist.tsx';
export { useDataSources } from './api/data-sources.ts';
export { defaultSources, toggleSource } from './utils/sources.ts';
export { DiscoveryFloor } from './components/discovery-floor.tsx';
export { DiscoveryReview } from './components/discovery-review.tsx';
export type { Reviewable } from './utils/review-filter.ts';
