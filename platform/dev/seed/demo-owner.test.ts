import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, setPassword, WRONG_CREDENTIALS } from '../../src/features/accounts/auth/accounts.ts';
import { LoginLimits } from '../../src/features/accounts/auth/login-limits.ts';
import { createModels } from '../../src/features/models.ts';
import { openTestDatabase } from '../testing/database.ts';
import { DEMO_EMAIL, demoSignInLines, ensureDemoOwner } from './demo-owner.ts';

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
beforeAll(async () => {
  connection = await openTestDatabase('demo-owner');
  db = createModels(connection);
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init(), db.authLimits.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const signIn = (password: string) =>
  logIn({ db, limits: new LoginLimits(undefined, db), now: () => new Date() }, { email: DEMO_EMAIL, password }, '127.0.0.1');

describe('the demo owner of a first start', () => {
  it('owns the default workspace and signs in with the printed one-time password, a new one each start until they set their own', async () => {
    const first = await ensureDemoOwner(connection);
    expect(first).toEqual({ email: DEMO_EMAIL, password: expect.stringMatching(/^[\w-]{16}$/) });
    const again = await ensureDemoOwner(connection);
    expect(again.password).not.toBe(first.password);
    await expect(signIn(first.password!)).rejects.toThrow(WRONG_CREDENTIALS);
    // Signed in with it: a session that must set a new password first, and the next start still makes a new one.
    expect(await signIn(again.password!)).toMatchObject({ mustChangePassword: true });
    const third = await ensureDemoOwner(connection);
    expect(third.password).toMatch(/^[\w-]{16}$/);
    // Handed to the banner (the terminal) alone: the database holds its hash only.
    expect(demoSignInLines(third).join('\n')).toContain(third.password!);
    expect(JSON.stringify(await connection.collection('users').find({}).toArray())).not.toContain(third.password!);
    const user = await db.users.findOne({ email: DEMO_EMAIL }).lean();
    // Their own password set: never replaced or shown again.
    await setPassword(db, user!._id, 'the owner chose this one');
    expect(await ensureDemoOwner(connection)).toEqual({ email: DEMO_EMAIL, password: null });
    expect(await signIn('the owner chose this one')).toMatchObject({ mustChangePassword: false });
    expect(await db.users.countDocuments({ email: DEMO_EMAIL })).toBe(1);
    expect(await db.memberships.find({ userId: user!._id }, { _id: 0, workspaceId: 1, role: 1 }, ACROSS_WORKSPACES).lean()).toEqual([
      { workspaceId: 'default', role: 'owner' },
    ]);
    expect(await db.workspaces.countDocuments({ slug: 'default' })).toBe(1);
  });
});
