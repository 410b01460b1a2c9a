// Helpers shared by prospect-source plugins: throttled provider calls with clear failures, and range parsing.
export * from './provider-http.ts';
export * from './ranges.ts';
export * from './recent-funding.ts';
