import type { Authenticator } from '../../src/core/access.ts';
import type { Models } from '../../src/core/db/models.ts';
import { createApiToken } from '../../src/features/auth/tokens.ts';

/**
 * For tests of a feature's routes, not of access: every request is made by an owner of every
 * workspace, acting in `?workspace=` or `default`. The access check itself still runs (and
 * refuses a bad slug); tests of access use the real authenticator (features/auth).
 */
export const ownerEverywhere: Authenticator = async () => ({
  id: 'test:owner-everywhere',
  kind: 'user',
  userId: null,
  roleIn: async () => 'owner',
  defaultWorkspace: async () => 'default',
});

/**
 * An API token of an owner of `workspace` (the workspace made if missing), for tests that call
 * the real API as a script would: made by the product's own token code.
 */
export async function ownerToken(db: Pick<Models, 'workspaces' | 'apiTokens'>, workspace: string): Promise<string> {
  await db.workspaces.updateOne({ slug: workspace }, { $setOnInsert: { slug: workspace, name: workspace } }, { upsert: true });
  const { token } = await createApiToken(db, { workspace, name: 'test owner', role: 'owner', createdBy: null }, new Date());
  return token;
}

/** {@link ownerToken}, made once per workspace and remembered. */
export function ownerTokens(db: Pick<Models, 'workspaces' | 'apiTokens'>): (workspace: string) => () => Promise<string> {
  const made = new Map<string, Promise<string>>();
  return (workspace) => () => {
    let token = made.get(workspace);
    if (!token) made.set(workspace, (token = ownerToken(db, workspace)));
    return token;
  };
}
