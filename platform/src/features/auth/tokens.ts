import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import type { Role } from '../../core/access.ts';
import { NotFoundError } from '../../core/errors.ts';
import type { AuthModels } from './model.ts';
import { hashSecret, newSecret, publicIdOf, TOUCH_EVERY_MS } from './secrets.ts';

/** Every API token starts with this, so a leaked one is easy to recognise (and to scan for). */
export const TOKEN_PREFIX = 'mf_';

/** A token as the API lists it: never the token or its hash. */
export interface TokenView {
  id: string;
  name: string;
  role: Role;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type TokenDoc = { publicId: string; name: string; role: string; prefix: string; createdAt: Date; lastUsedAt?: Date | null };
const viewOf = (token: TokenDoc): TokenView => ({
  id: token.publicId,
  name: token.name,
  role: token.role as Role,
  prefix: token.prefix,
  createdAt: token.createdAt.toISOString(),
  lastUsedAt: token.lastUsedAt ? token.lastUsedAt.toISOString() : null,
});

/** Creates a token acting in `workspace` with `role`: returns it (the only time it is ever seen) with its listing. */
export async function createApiToken(
  db: Pick<AuthModels, 'apiTokens'>,
  input: { workspace: string; name: string; role: Role; createdBy: Types.ObjectId | string | null },
  now: Date,
): Promise<{ token: string; view: TokenView }> {
  const token = `${TOKEN_PREFIX}${newSecret()}`;
  const hash = hashSecret(token);
  const stored = await db.apiTokens.create({
    _id: hash,
    publicId: publicIdOf(hash),
    workspaceId: input.workspace,
    name: input.name,
    role: input.role,
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    createdBy: input.createdBy,
    createdAt: now,
  });
  return { token, view: viewOf(stored) };
}

/** The workspace's tokens, oldest first. */
export async function listApiTokens(db: Pick<AuthModels, 'apiTokens'>, workspace: string): Promise<TokenView[]> {
  const tokens = await db.apiTokens.find({ workspaceId: workspace }).sort({ createdAt: 1 }).lean();
  return tokens.map(viewOf);
}

/** Revokes (deletes) one of the workspace's tokens by its public id; a token of another workspace is "not found". */
export async function revokeApiToken(db: Pick<AuthModels, 'apiTokens'>, workspace: string, id: string): Promise<void> {
  const { deletedCount } = await db.apiTokens.deleteOne({ workspaceId: workspace, publicId: id });
  if (!deletedCount) throw new NotFoundError(`API token ${id} not found.`);
}

/** The live token a bearer credential names, its last-used time recorded; null for an unknown or revoked one. */
export async function findApiToken(
  db: Pick<AuthModels, 'apiTokens'>,
  token: string,
  now: Date,
): Promise<{ id: string; name: string; workspace: string; role: Role; createdBy: string | null } | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const id = hashSecret(token);
  // The token names its workspace: it is looked up across workspaces on purpose.
  const found = await db.apiTokens.findById(id, null, ACROSS_WORKSPACES).lean();
  if (!found) return null;
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await db.apiTokens.updateOne({ _id: id, workspaceId: found.workspaceId }, { $set: { lastUsedAt: now } });
  return {
    id: found.publicId,
    name: found.name,
    workspace: found.workspaceId,
    role: found.role as Role,
    createdBy: found.createdBy ? String(found.createdBy) : null,
  };
}
