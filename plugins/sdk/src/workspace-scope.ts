import mongoose, { type MongooseQueryMiddleware, type Query, type Schema } from 'mongoose';

/**
 * Every collection with a `workspaceId` holds several teams' data side by side. A query that
 * forgets the workspace reads or changes another team's prospects, replies or outbox, and no
 * route test notices as long as each test has one workspace. So, outside production, such a
 * query fails loudly: the filter (or an aggregation's first `$match`) must name `workspaceId`.
 *
 * The few jobs that span workspaces on purpose (the worker looking up a run by its id, the
 * start-up rollup reconciliation, retention sweeps) say so with the query option
 * `{ acrossWorkspaces: true }` — spelled {@link ACROSS_WORKSPACES} — where the reader sees it.
 *
 * The check is registered on mongoose when the SDK is imported, so every model compiled later
 * (the platform's and each plugin's own collections) has it; see the end of this file.
 */
// Typed as an open record so it fits every query method's options argument.
export const ACROSS_WORKSPACES: { readonly [option: string]: true } = { acrossWorkspaces: true };

const FILTERED_OPERATIONS: MongooseQueryMiddleware[] = [
  'countDocuments',
  'deleteMany',
  'deleteOne',
  'distinct',
  'find',
  'findOne',
  'findOneAndDelete',
  'findOneAndReplace',
  'findOneAndUpdate',
  'replaceOne',
  'updateMany',
  'updateOne',
];

/** The mongoose schema plugin; applies to schemas with a `workspaceId` path. */
export function workspaceScope(schema: Schema): void {
  if (!schema.path('workspaceId') || process.env.NODE_ENV === 'production') return;
  schema.pre(FILTERED_OPERATIONS, function checkWorkspace(this: Query<unknown, unknown>) {
    const options = this.getOptions() as { acrossWorkspaces?: boolean };
    if (options.acrossWorkspaces === true || namesWorkspace(this.getFilter())) return;
    throw new UnscopedQueryError(`${this.model.modelName}.${(this as { op?: string }).op ?? 'query'}`, this.getFilter());
  });
  schema.pre('aggregate', function checkWorkspace() {
    const options = this.options as { acrossWorkspaces?: boolean };
    const first = this.pipeline()[0] as { $match?: Record<string, unknown> } | undefined;
    if (options.acrossWorkspaces === true || (first?.$match !== undefined && namesWorkspace(first.$match))) return;
    throw new UnscopedQueryError(`${this.model().modelName}.aggregate`, first ?? {});
  });
}

/** Whether a filter constrains `workspaceId`, at its top level or in one part of an `$and`. */
function namesWorkspace(filter: Record<string, unknown>): boolean {
  if (filter.workspaceId !== undefined) return true;
  const all = filter.$and;
  return Array.isArray(all) && all.some((part) => namesWorkspace(part as Record<string, unknown>));
}

export class UnscopedQueryError extends Error {
  constructor(operation: string, filter: unknown) {
    super(
      `${operation} has no workspaceId in its filter ${JSON.stringify(filter)}: scope it to the caller's workspace, ` +
        `or pass ACROSS_WORKSPACES for a job that spans workspaces on purpose (plugin-sdk workspace-scope.ts)`,
    );
    this.name = 'UnscopedQueryError';
  }
}

// Registered here, not by each caller: every process that compiles a model imports the SDK first.
mongoose.plugin(workspaceScope);
