import { Schema, type Connection, type InferSchemaType } from 'mongoose';

// The first-start seed of a workspace: one document per workspace (`_id` is its slug), so a
// seed that a restart cut short resumes instead of starting over, and a finished one never reruns.
const WorkspaceSeedSchema = new Schema(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true, enum: ['running', 'done', 'skipped', 'failed'] },
    /** Why a seed was skipped or failed, in words for the start-up log. */
    reason: { type: String, default: null },
    /** Prospect ids the seed added, in the order it added them. */
    prospectIds: { type: [Number], default: [] },
    /** How the prospect pipeline went for them. */
    processed: { type: Number, default: 0 },
    qualified: { type: Number, default: 0 },
    campaignId: { type: String, default: null },
    finishedAt: { type: Date, default: null },
  },
  { timestamps: true, _id: false },
);

export type WorkspaceSeed = InferSchemaType<typeof WorkspaceSeedSchema>;
const build = (connection: Connection) => connection.model('WorkspaceSeed', WorkspaceSeedSchema, 'workspace_seeds');
export type WorkspaceSeedModel = ReturnType<typeof build>;

/** Registers the WorkspaceSeed model on a connection (once). */
export function workspaceSeedModel(connection: Connection): WorkspaceSeedModel {
  return (connection.models.WorkspaceSeed as WorkspaceSeedModel | undefined) ?? build(connection);
}
