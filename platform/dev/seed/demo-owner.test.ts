import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, WRONG_CREDENTIALS } from '../../src/features/auth/accounts.ts';
import { LoginLimits } from '../../src/features/auth/login-limits.ts';
import { createModels } from '../../src/core/db/models.ts';
import { openTestDatabase } from '../testing/database.ts';
import { DEMO_EMAIL, ensureDemoOwner } from './demo-owner.ts';

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
beforeAll(async () => {
  connection = await openTestDatabase('demo-owner');
  db = createModels(connection);
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const signIn = (password: string) => logIn(db, new LoginLimits(), { email: DEMO_EMAIL, password }, '127.0.0.1');

describe('the demo owner of a first start', () => {
  it('owns the default workspace and signs in with the printed password, a new one each start until first used', async () => {
    const first = await ensureDemoOwner(connection);
    expect(first).toEqual({ email: DEMO_EMAIL, password: expect.stringMatching(/^[\w-]{16}$/) });
    const again = await ensureDemoOwner(connection);
    expect(again.password).not.toBe(first.password);
    await expect(signIn(first.password!)).rejects.toThrow(WRONG_CREDENTIALS);
    await signIn(again.password!);
    // Used: the password is the user's now, never replaced or shown again.
    expect(await ensureDemoOwner(connection)).toEqual({ email: DEMO_EMAIL, password: null });
    await signIn(again.password!);
    const user = await db.users.findOne({ email: DEMO_EMAIL }).lean();
    expect(await db.users.countDocuments({ email: DEMO_EMAIL })).toBe(1);
    expect(await db.memberships.find({ userId: user!._id }, { _id: 0, workspaceId: 1, role: 1 }, ACROSS_WORKSPACES).lean()).toEqual([
      { workspaceId: 'default', role: 'owner' },
    ]);
    expect(await db.workspaces.countDocuments({ slug: 'default' })).toBe(1);
  });
});
