// What the prospecting domain offers the domains above it (and only this: lint refuses a deeper import):
// the prospect collection and finding a prospect.
export { prospectModel } from './prospects/model.ts';
export { findProspect } from './prospects/prospects.ts';
