import { randomBytes } from 'node:crypto';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import { ConflictError } from '../../../core/errors.ts';
import type { AuthModels } from '../auth/model.ts';
import type { WorkspaceModel } from './model.ts';

/** What making a workspace writes to: the workspace and its owner's membership. */
export type WorkspacesDb = Pick<AuthModels, 'memberships'> & { workspaces: WorkspaceModel };

/** A URL-safe slug from a name, with a random tail so two teams' "Sales" never clash. */
export function slugFrom(name: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'workspace';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/** Makes a workspace with the user as its owner; a taken slug is a 409 and nothing is written. */
export async function createWorkspace(db: WorkspacesDb, userId: Types.ObjectId, input: { name: string; slug?: string | undefined }) {
  const slug = input.slug ?? slugFrom(input.name);
  try {
    await db.workspaces.create({ slug, name: input.name });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError(`The workspace id "${slug}" is taken: choose another.`);
    throw error;
  }
  await db.memberships.create({ userId, workspaceId: slug, role: 'owner' });
  return { slug, name: input.name, role: 'owner' as const };
}
