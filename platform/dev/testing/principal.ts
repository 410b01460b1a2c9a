import type { Authenticator, Role } from '../../src/core/access.ts';
import type { Models } from '../../src/features/models.ts';
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/features/accounts/auth/passwords.ts';
import { createSession, DEFAULT_SESSION_POLICY } from '../../src/features/accounts/auth/sessions.ts';
import { createApiToken } from '../../src/features/accounts/auth/tokens.ts';

/**
 * For tests of a feature's routes, not of access: every request is made by an owner of every
 * workspace, acting in `?workspace=` or `default`. The access check itself still runs (and
 * refuses a bad slug); tests of access use the real authenticator (features/accounts/auth).
 */
export const ownerEverywhere: Authenticator = async () => ({
  id: 'test:owner-everywhere',
  kind: 'user',
  userId: null,
  roleIn: async () => 'owner',
  defaultWorkspace: async () => 'default',
  describe: async () => 'test owner',
});

/**
 * An API token of an owner of `workspace` (the workspace made if missing), for tests that call
 * the real API as a script would: made by the product's own token code.
 */
export function ownerToken(db: Pick<Models, 'workspaces' | 'apiTokens'>, workspace: string): Promise<string> {
  return memberToken(db, workspace, 'owner');
}

/** An API token acting in `workspace` (made if missing) with `role`, made by the product's own token code. */
export async function memberToken(db: Pick<Models, 'workspaces' | 'apiTokens'>, workspace: string, role: Role): Promise<string> {
  await db.workspaces.updateOne({ slug: workspace }, { $setOnInsert: { slug: workspace, name: workspace } }, { upsert: true });
  const { token } = await createApiToken(db, { workspace, name: `test ${role}`, role, createdBy: null }, new Date());
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

/**
 * A session of a new owner of `workspace` (the workspace made if missing), made by the product's
 * own account code: the `meetflow_session` cookie value a browser signs in with.
 */
export async function ownerSession(
  db: Pick<Models, 'workspaces' | 'users' | 'memberships' | 'sessions'>,
  workspace: string,
  email = `owner-${randomUUID().slice(0, 8)}@${workspace}.example`,
): Promise<string> {
  await db.workspaces.updateOne({ slug: workspace }, { $setOnInsert: { slug: workspace, name: workspace } }, { upsert: true });
  const user = await db.users.create({ email, name: 'Test owner', passwordHash: await hashPassword(randomUUID()) });
  await db.memberships.create({ userId: user._id, workspaceId: workspace, role: 'owner' });
  return createSession(db, user._id, new Date(), DEFAULT_SESSION_POLICY);
}
