import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { ROLES } from '../../../core/access.ts';

export { ROLES, type Role } from '../../../core/access.ts';

const UserSchema = new Schema(
  {
    /** Sign-in name, stored lowercase (the embedded database ignores collations, so case is folded on write). */
    email: { type: String, required: true, lowercase: true, trim: true },
    name: { type: String, required: true, trim: true },
    /** argon2id (PHC string): the only form a password is ever stored in. */
    passwordHash: { type: String, required: true },
    /** When they last signed in with their password (null: never, e.g. the demo owner before first use). */
    lastSignInAt: { type: Date, default: null },
    /** When they proved the email is theirs (a verification or password-reset link); null: not yet. */
    emailVerifiedAt: { type: Date, default: null },
    /** Set for a password someone else chose (the demo owner's one-time password): their sessions may do nothing but set a new one. */
    mustChangePassword: { type: Boolean, default: false },
  },
  { timestamps: true },
);
UserSchema.index({ email: 1 }, { unique: true });

/**
 * A signed-in browser. `_id` is the SHA-256 of the cookie's random token, so the stored sessions
 * cannot be replayed from a copy of the database. Ends at `expiresAt` (absolute) or after the
 * idle time past `lastSeenAt`, whichever comes first.
 */
const SessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
    lastSeenAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    /** Copied from the user at sign-in: until a new password is set, the session may only set one, ask who it is, or sign out. */
    mustChangePassword: { type: Boolean, default: false },
  },
  { versionKey: false },
);
SessionSchema.index({ userId: 1 });

/** A user's place in a workspace: one role per (user, workspace). */
const MembershipSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    /** The workspace's slug. */
    workspaceId: { type: String, required: true },
    role: { type: String, required: true, enum: ROLES },
  },
  { timestamps: true },
);
MembershipSchema.index({ userId: 1, workspaceId: 1 }, { unique: true });
MembershipSchema.index({ workspaceId: 1 });

/**
 * An API token for engineers and scripts: acts in one workspace with one role. `_id` is the
 * SHA-256 of the token, which is shown once at creation and never stored; `prefix` (its first
 * characters) lets a list tell tokens apart. Revoking deletes it, and so does its creator leaving
 * the workspace; their demotion caps its role (members/credentials.ts).
 */
const ApiTokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The first 16 hex characters of `_id`: names it in the API (revoking), useless to sign in with. */
    publicId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    name: { type: String, required: true, trim: true },
    role: { type: String, required: true, enum: ROLES },
    prefix: { type: String, required: true },
    /** The user who created it: it acts for them, so never beyond their membership (null: a token made by the platform itself). */
    createdBy: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, default: null },
    /** When it stops working (null, or absent on tokens made before expiries: never). */
    expiresAt: { type: Date, default: null },
  },
  { versionKey: false },
);
ApiTokenSchema.index({ workspaceId: 1, createdAt: 1 });
ApiTokenSchema.index({ workspaceId: 1, publicId: 1 });
ApiTokenSchema.index({ workspaceId: 1, createdBy: 1 });

/**
 * A link emailed to prove something (a password reset, an address's verification). `_id` is the
 * SHA-256 of the link's token, which only the email holds; using it deletes it (single use), and
 * the database drops it once `expiresAt` passes.
 */
const AccountLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, required: true, enum: ['password-reset', 'email-verification'] },
    userId: { type: Schema.Types.ObjectId, required: true },
    /** The address it was sent to (stored lowercase): it proves only that one. */
    email: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
AccountLinkSchema.index({ userId: 1, purpose: 1 });
AccountLinkSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * The abuse limits' counters (login-limits.ts), one document per key (`login-account:<email>`,
 * `login-address:<client>`, `signup-address:<client>`, …), kept in the database so every API
 * process counts the same attempts. The database drops each once `expiresAt` passes; the code
 * also reads a lapsed one as empty, so nothing depends on when that happens.
 */
const AuthLimitSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** A fixed window's attempts, and when the window ends. */
    count: { type: Number, default: 0 },
    windowEndsAt: { type: Date, default: null },
    /** Progressive delay: attempts that did not succeed, and the earliest time of the next. */
    failures: { type: Number, default: 0 },
    nextAt: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
AuthLimitSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type User = InferSchemaType<typeof UserSchema>;
export type Session = InferSchemaType<typeof SessionSchema>;
export type Membership = InferSchemaType<typeof MembershipSchema>;
export type ApiToken = InferSchemaType<typeof ApiTokenSchema>;

const registered = <T>(connection: Connection, name: string, schema: Schema<T>): Model<T> =>
  (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);

/** Registers the accounts models on a connection (once): `users`, `sessions`, `memberships`, `apiTokens`, `accountLinks`, `authLimits`. */
export function authModels(connection: Connection) {
  return {
    users: registered(connection, 'User', UserSchema),
    sessions: registered(connection, 'Session', SessionSchema),
    memberships: registered(connection, 'Membership', MembershipSchema),
    apiTokens: registered(connection, 'ApiToken', ApiTokenSchema),
    accountLinks: registered(connection, 'AccountLink', AccountLinkSchema),
    authLimits: registered(connection, 'AuthLimit', AuthLimitSchema),
  };
}
export type AuthModels = ReturnType<typeof authModels>;
