// Helpers shared by prospect-source plugins: throttled provider calls with clear failures, and recent funding.
// (Size and revenue ranges are read by ../ranges.ts, which agents and the platform use too.)
export * from './provider-http.ts';
export * from './recent-funding.ts';
