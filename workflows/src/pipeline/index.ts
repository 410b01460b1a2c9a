// Pipeline types and pure helpers, shared by the interpreter workflow and the platform.
export * from './types.ts';
export * from './paths.ts';
export * from './levels.ts';
export * from './json-schema.ts';
export * from './batch-progress.ts';
