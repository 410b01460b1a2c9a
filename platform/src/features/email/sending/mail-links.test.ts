import { Types, type default as mongoose } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { mailLinkModels, mailLinkToken, mailLinkUrl, readMailLink, type LinkedEmail } from './mail-links.ts';

// Over the run's database (mongo-java-server: no transactions, so the idempotence is the upsert's).
let connection: mongoose.Connection;
let db: ReturnType<typeof mailLinkModels>;
const email = (step: number): LinkedEmail => ({
  _id: new Types.ObjectId(),
  workspaceId: 'links-acme',
  prospectId: 7,
  email: 'ada.lovelace@acme.test',
  sequenceId: 'sequence-links-acme-7',
  step,
});

beforeAll(async () => {
  connection = await openTestDatabase('mail-links');
  db = mailLinkModels(connection);
  await db.mailLinks.init();
});
afterAll(() => connection.close());

describe('opaque links in emails', () => {
  it('hold random bytes that name no workspace, prospect or address', async () => {
    const token = await mailLinkToken(db, 'unsubscribe', email(1));
    expect(token).toMatch(/^[\w-]{32}$/);
    const decoded = Buffer.from(token, 'base64url');
    expect(decoded).toHaveLength(24);
    for (const readable of [decoded.toString('utf8'), decoded.toString('latin1'), token])
      for (const secret of ['links-acme', 'acme', 'ada', 'lovelace', 'sequence']) expect(readable.toLowerCase()).not.toContain(secret);
    expect(() => JSON.parse(decoded.toString('utf8'))).toThrow(); // not the old links' JSON
    expect(mailLinkUrl('https://meetflow.example', 'unsubscribe', token)).toBe(`https://meetflow.example/api/unsubscribe/${token}`);
  });

  it('are made once per email and purpose, however often and concurrently a send asks (a retry sends the same link)', async () => {
    const sent = email(2);
    const tokens = await Promise.all(Array.from({ length: 8 }, () => mailLinkToken(db, 'unsubscribe', sent)));
    expect(new Set(tokens).size).toBe(1);
    expect(await mailLinkToken(db, 'unsubscribe', sent)).toBe(tokens[0]);
    expect(await db.mailLinks.countDocuments({ workspaceId: 'links-acme', outboxId: String(sent._id), purpose: 'unsubscribe' })).toBe(1);
    // The pixel of the same email, and the next email, have ids of their own.
    const pixel = await mailLinkToken(db, 'open', sent);
    const next = await mailLinkToken(db, 'unsubscribe', email(3));
    expect(new Set([tokens[0], pixel, next]).size).toBe(3);
  });

  it('read back what they stand for, for their purpose only; a guessed or altered id names nothing', async () => {
    const sent = email(4);
    const token = await mailLinkToken(db, 'unsubscribe', sent);
    expect(await readMailLink(db, 'unsubscribe', token)).toMatchObject({
      workspaceId: 'links-acme',
      prospectId: 7,
      email: 'ada.lovelace@acme.test',
      sequenceId: 'sequence-links-acme-7',
      step: 4,
      outboxId: String(sent._id),
    });
    expect(await readMailLink(db, 'open', token)).toBeNull();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'A'.repeat(32), token.slice(0, -1), `${token}A`, '', 'x'.repeat(5_000), `${token.slice(0, 31)}.`])
      expect(await readMailLink(db, 'unsubscribe', bad), bad.slice(0, 40)).toBeNull();
  });
});
