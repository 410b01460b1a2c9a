import { Schema, type Connection, type InferSchemaType } from 'mongoose';

const WorkspaceSchema = new Schema(
  {
    /** Stable identifier used in URLs and by the UI (`workspace=default`); stored lowercase. */
    slug: { type: String, required: true, lowercase: true, trim: true, match: /^[a-z0-9][a-z0-9-]*$/ },
    name: { type: String, required: true, trim: true },
  },
  { timestamps: true },
);
// Unique on the lowercase slug: the embedded database ignores collations, so case is folded on write.
WorkspaceSchema.index({ slug: 1 }, { unique: true });

export type Workspace = InferSchemaType<typeof WorkspaceSchema>;
const buildWorkspace = (connection: Connection) => connection.model('Workspace', WorkspaceSchema);
export type WorkspaceModel = ReturnType<typeof buildWorkspace>;

/** The one workspace the product's UI hard-codes; it exists from the first start on. */
export const DEFAULT_WORKSPACE = { slug: 'default', name: 'Default workspace' } as const;

/** Registers the Workspace model on a connection (once). */
export function workspaceModel(connection: Connection): WorkspaceModel {
  return (connection.models.Workspace as WorkspaceModel | undefined) ?? buildWorkspace(connection);
}

/** Creates the default workspace if it is missing; idempotent, safe to call at every start. */
export async function ensureDefaultWorkspace(workspaces: WorkspaceModel): Promise<void> {
  await workspaces.updateOne({ slug: DEFAULT_WORKSPACE.slug }, { $setOnInsert: { ...DEFAULT_WORKSPACE } }, { upsert: true });
}
