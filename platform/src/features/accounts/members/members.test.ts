import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels } from '../../models.ts';
import { acceptInvitation, INVITATION_DAYS, INVITATION_NOT_VALID, invite, listInvitations } from './members.ts';

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
const DAY = 86_400_000;
const start = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  connection = await openTestDatabase('members');
  db = createModels(connection);
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init()]);
  await db.workspaces.create({ slug: 'acme', name: 'Acme' });
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const person = async (email: string) => {
  const user = await db.users.create({ email, name: email, passwordHash: 'not used here' });
  return { id: String(user._id), email };
};
const owner = { userId: null, role: 'owner' as const };

describe('invitations expire', () => {
  it(`work until ${INVITATION_DAYS} days after they were made, then are neither listed nor accepted`, async () => {
    const late = await invite(db, 'acme', owner, { role: 'viewer' }, start);
    const inTime = await invite(db, 'acme', owner, { role: 'sales-ops' }, start);
    const justBefore = new Date(start.getTime() + INVITATION_DAYS * DAY - 1);
    const after = new Date(start.getTime() + INVITATION_DAYS * DAY);
    expect(await acceptInvitation(db, await person('in-time@acme.example'), inTime.token, justBefore)).toEqual({
      slug: 'acme',
      name: 'Acme',
      role: 'sales-ops',
    });
    expect((await listInvitations(db, 'acme', justBefore)).map((invitation) => invitation.id)).toEqual([late.view.id]);
    expect(await listInvitations(db, 'acme', after)).toEqual([]);
    const tooLate = await person('too-late@acme.example');
    await expect(acceptInvitation(db, tooLate, late.token, after)).rejects.toThrow(INVITATION_NOT_VALID);
    expect(await db.memberships.countDocuments({ workspaceId: 'acme' })).toBe(1);
  });

  it('are stored only as a hash of their link', async () => {
    const { token } = await invite(db, 'acme', owner, { role: 'viewer' }, start);
    const stored = JSON.stringify(await connection.collection('invitations').find({}).toArray());
    expect(stored).not.toContain(token);
  });
});
