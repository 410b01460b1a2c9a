import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import { roleAtLeast, type Role } from '../../../core/access.ts';
import { NotFoundError, UnauthorizedError } from '../../../core/errors.ts';
import type { AuthModels } from './model.ts';
import { hashSecret, newSecret, publicIdOf, TOUCH_EVERY_MS } from './secrets.ts';

/** Every API token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'mf_';

/** How long a new token works when its creator does not say. */
export const DEFAULT_TOKEN_DAYS = 90;
/** The longest expiry a token can be given in days (beyond it: never, chosen as such). */
export const MAX_TOKEN_DAYS = 365;
const DAY_MS = 86_400_000;

/** Why a bearer token is refused (401). */
export const TOKEN_REFUSED = {
  unknown: 'The API token is not valid: it was revoked, or it is mistyped.',
  expired: 'The API token has expired: create a new one under Settings, API Tokens.',
  creatorLeft: 'The API token is not valid: the member who created it is no longer in its workspace.',
} as const;

/** A token as the API lists it: never the token or its hash. */
export interface TokenView {
  id: string;
  name: string;
  role: Role;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** When it stops working; null: never. */
  expiresAt: string | null;
}

type TokenDoc = {
  publicId: string;
  name: string;
  role: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt?: Date | null;
  expiresAt?: Date | null;
};
const viewOf = (token: TokenDoc): TokenView => ({
  id: token.publicId,
  name: token.name,
  role: token.role as Role,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
  expiresAt: token.expiresAt ? token.expiresAt.toISOString() : null,
});

/**
 * Creates a token acting in `workspace` with `role`, working `expiresInDays` days from `now`
 * ({@link DEFAULT_TOKEN_DAYS} when left out, never when null): returns it (the only time it is
 * ever seen) with its listing.
 */
export async function createApiToken(
  db: Pick<AuthModels, 'apiTokens'>,
  input: { workspace: string; name: string; role: Role; createdBy: Types.ObjectId | string | null; expiresInDays?: number | null },
  now: Date,
): Promise<{ token: string; view: TokenView }> {
  const token = `${TOKEN_PREFIX}${newSecret()}`;
  const hash = hashSecret(token);
  const days = input.expiresInDays === undefined ? DEFAULT_TOKEN_DAYS : input.expiresInDays;
  const stored = await db.apiTokens.create({
    _id: hash,
    publicId: publicIdOf(hash),
    workspaceId: input.workspace,
    name: input.name,
    role: input.role,
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    createdBy: input.createdBy,
    createdAt: now,
    expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS),
  });
  return { token, view: viewOf(stored) };
}

/** The workspace's tokens, oldest first (the expired ones too, until revoked: the list says they expired). */
export async function listApiTokens(db: Pick<AuthModels, 'apiTokens'>, workspace: string): Promise<TokenView[]> {
  const tokens = await db.apiTokens.find({ workspaceId: workspace }).sort({ createdAt: 1 }).lean();
  return tokens.map(viewOf);
}

/** Revokes (deletes) one of the workspace's tokens by its public id; a token of another workspace is "not found". */
export async function revokeApiToken(db: Pick<AuthModels, 'apiTokens'>, workspace: string, id: string): Promise<void> {
  const { deletedCount } = await db.apiTokens.deleteOne({ workspaceId: workspace, publicId: id });
  if (!deletedCount) throw new NotFoundError(`API token ${id} not found.`);
}

/** A bearer token that may act: who it is, where, and the role it acts with now. */
export interface ApiTokenUse {
  id: string;
  name: string;
  workspace: string;
  role: Role;
  createdBy: string | null;
}

/**
 * The token a bearer credential names, if it may act now; its last-used time recorded. Throws
 * UnauthorizedError naming why not: unknown (or revoked), expired, or its creator has left its
 * workspace. A token acts for its creator, so never with more than their current role: when they
 * were demoted below it (and the demotion's capping has not reached this token yet), it acts with
 * their role. A token without a creator (made by the platform, or before creators were recorded)
 * acts with its own role.
 */
export async function findApiToken(db: Pick<AuthModels, 'apiTokens' | 'memberships'>, token: string, now: Date): Promise<ApiTokenUse> {
  if (!token.startsWith(TOKEN_PREFIX)) throw new UnauthorizedError(TOKEN_REFUSED.unknown);
  const id = hashSecret(token);
  // The token names its workspace: it is looked up across workspaces on purpose.
  const found = await db.apiTokens.findById(id, null, ACROSS_WORKSPACES).lean();
  if (!found) throw new UnauthorizedError(TOKEN_REFUSED.unknown);
  if (found.expiresAt && found.expiresAt <= now) throw new UnauthorizedError(TOKEN_REFUSED.expired);
  let role = found.role as Role;
  if (found.createdBy) {
    const creator = await db.memberships.findOne({ userId: found.createdBy, workspaceId: found.workspaceId }, { role: 1 }).lean();
    if (!creator) throw new UnauthorizedError(TOKEN_REFUSED.creatorLeft);
    if (!roleAtLeast(creator.role as Role, role)) role = creator.role as Role;
  }
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await db.apiTokens.updateOne({ _id: id, workspaceId: found.workspaceId }, { $set: { lastUsedAt: now } });
  return {
    id: found.publicId,
    name: found.name,
    workspace: found.workspaceId,
    role,
    createdBy: found.createdBy ? String(found.createdBy) : null,
  };
}
