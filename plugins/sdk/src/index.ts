// @meetflow/plugin-sdk: everything a plugin imports. Plugins import nothing from the platform.
export * from './deps.ts';
export * from './manifest.ts';
export * from './validate.ts';
export * from './bind.ts';
export * from './step-config.ts';
export * from './describe.ts';
export * from './db.ts';
export * from './facts.ts';
export * from './prospects.ts';
export * from './ranges.ts';
export * from './cadence.ts';
export * from './sources/index.ts';
export * from './llm/index.ts';
export * from './http/index.ts';
export * from './workspace-scope.ts';
export * from './deadline.ts';
export * from './run-context.ts';
