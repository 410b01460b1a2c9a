import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { authModels } from '../../src/features/accounts/auth/model.ts';
import { hashPassword } from '../../src/features/accounts/auth/passwords.ts';
import { DEFAULT_WORKSPACE, ensureDefaultWorkspace, workspaceModel } from '../../src/features/accounts/workspaces/model.ts';

/** The demo owner's sign-in email. */
export const DEMO_EMAIL = 'demo@meetflow.local';

/** The demo owner's sign-in: the one-time password only until they set their own (it is stored as a hash only, so it cannot be shown again). */
export interface DemoSignIn {
  email: string;
  password: string | null;
}

/**
 * Makes the owner of the default (demo) workspace, so a newcomer signs in in one step. Until
 * they set a password of their own, every start gives the account a new random one-time
 * password (its sessions may do nothing but set their own: `mustChangePassword`) and returns it
 * for the banner, which prints it to the terminal only; once they have set theirs, it is never
 * touched again. Idempotent.
 */
export async function ensureDemoOwner(connection: mongoose.Connection): Promise<DemoSignIn> {
  const { users, memberships } = authModels(connection);
  await ensureDefaultWorkspace(workspaceModel(connection));
  const existing = await users.findOne({ email: DEMO_EMAIL }, { lastSignInAt: 1, mustChangePassword: 1 }).lean();
  let password: string | null = null;
  // Still one-time (or, made before one-time passwords had a flag, never used): a new one.
  const oneTime = existing?.mustChangePassword ?? !existing?.lastSignInAt;
  if (!existing || oneTime) {
    password = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    await users.updateOne(
      { email: DEMO_EMAIL },
      { $set: { passwordHash, mustChangePassword: true }, $setOnInsert: { name: 'Demo owner' } },
      { upsert: true },
    );
  }
  const user = await users.findOne({ email: DEMO_EMAIL }, { _id: 1 }).lean();
  if (!user) throw new Error(`the demo owner ${DEMO_EMAIL} was not saved`);
  await memberships.updateOne(
    { userId: user._id, workspaceId: DEFAULT_WORKSPACE.slug },
    { $setOnInsert: { role: 'owner' } },
    { upsert: true },
  );
  return { email: DEMO_EMAIL, password };
}

/** The start banner's sign-in lines for the demo owner (`npm start`'s, and the compose seed's log). */
export function demoSignInLines(demo: DemoSignIn | null): string[] {
  if (!demo) return [];
  if (!demo.password) return [`  Sign in      ${demo.email} (with the password you set)`];
  return [`  Sign in      ${demo.email}`, `  Password     ${demo.password}   (one-time: you set your own at first sign-in)`];
}

/** {@link ensureDemoOwner} over a connection of its own, closed after. */
export async function ensureDemoOwnerAt(mongoUri: string): Promise<DemoSignIn> {
  const connection = await mongoose.createConnection(mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    await authModels(connection).users.init();
    return await ensureDemoOwner(connection);
  } finally {
    await connection.close();
  }
}
