import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { ROLES } from '../../../core/access.ts';

/**
 * An invitation to a workspace: a single-use link with a role and an expiry. `_id` is the
 * SHA-256 of the link's token (shown once, to the admin who made it); accepting deletes it.
 */
const InvitationSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The first 16 hex characters of `_id`: names it in the API (revoking), useless to accept with. */
    publicId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    role: { type: String, required: true, enum: ROLES },
    /** When set, only the account with this email may accept (stored lowercase). */
    email: { type: String, default: null, lowercase: true, trim: true },
    /** Who made it: withdrawn when they leave the workspace, or are demoted below its role (credentials.ts). */
    createdBy: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
InvitationSchema.index({ workspaceId: 1, createdAt: 1 });
InvitationSchema.index({ workspaceId: 1, createdBy: 1 });

export type Invitation = InferSchemaType<typeof InvitationSchema>;

/** Registers the invitations model on a connection (once). */
export function invitationModels(connection: Connection) {
  return {
    invitations:
      (connection.models.Invitation as Model<Invitation> | undefined) ?? connection.model<Invitation>('Invitation', InvitationSchema),
  };
}
