// What the prospecting domain offers the domains above it (and only this: lint refuses a deeper import):
// the prospect collection and finding a prospect, and the workspace's offer (who sells what).
export { prospectModel } from './prospects/model.ts';
export { findProspect } from './prospects/prospects.ts';
export { getOffer } from './offer/offer.ts';
