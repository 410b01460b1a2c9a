import { Schema, type Connection, type Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestConnection } from './testing.ts';
import { ACROSS_WORKSPACES, UnscopedQueryError } from './workspace-scope.ts';

let connection: Connection;
interface Scoped {
  workspaceId: string;
  n: number;
}
const scoped = (): Model<Scoped> =>
  (connection.models.Scoped as Model<Scoped> | undefined) ??
  connection.model<Scoped>('Scoped', new Schema<Scoped>({ workspaceId: { type: String, required: true }, n: Number }));
const platformWide = (): Model<{ n: number }> =>
  (connection.models.PlatformWide as Model<{ n: number }> | undefined) ??
  connection.model<{ n: number }>('PlatformWide', new Schema<{ n: number }>({ n: Number }));

beforeAll(async () => {
  connection = await openTestConnection('workspace-scope');
  // The embedded database refuses two creations of one collection at once: let each model create its own first.
  await Promise.all([scoped().init(), platformWide().init()]);
  await scoped().insertMany([
    { workspaceId: 'a', n: 1 },
    { workspaceId: 'b', n: 2 },
  ]);
  await platformWide().create({ n: 3 });
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('the workspace scope on every collection with a workspaceId', () => {
  it('refuses reads, counts, updates, deletes and aggregations that do not name the workspace, saying which and how to fix it', async () => {
    await expect(scoped().find({ n: 1 })).rejects.toThrow(UnscopedQueryError);
    await expect(scoped().findOne({ n: 1 })).rejects.toThrow(/Scoped\.findOne has no workspaceId in its filter \{"n":1\}/);
    await expect(scoped().countDocuments({})).rejects.toThrow(UnscopedQueryError);
    await expect(scoped().updateMany({}, { $set: { n: 0 } })).rejects.toThrow(UnscopedQueryError);
    await expect(scoped().deleteOne({ n: 2 })).rejects.toThrow(UnscopedQueryError);
    await expect(scoped().aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }])).rejects.toThrow(/ACROSS_WORKSPACES/);
    // Nothing was changed by the refused writes.
    expect(await scoped().countDocuments({}, ACROSS_WORKSPACES)).toBe(2);
    expect(await scoped().find({ workspaceId: 'b' }).lean()).toMatchObject([{ n: 2 }]);
  });

  it('passes a filter naming the workspace, at the top or in an $and, and a first $match that does', async () => {
    expect(await scoped().find({ workspaceId: 'a' }).lean()).toMatchObject([{ n: 1 }]);
    expect(await scoped().countDocuments({ $and: [{ workspaceId: 'b' }, { n: { $gt: 0 } }] })).toBe(1);
    expect(await scoped().aggregate([{ $match: { workspaceId: 'a' } }, { $group: { _id: null, total: { $sum: '$n' } } }])).toEqual([
      { _id: null, total: 1 },
    ]);
  });

  it('lets a job that spans workspaces on purpose say so, and leaves collections without a workspaceId alone', async () => {
    expect(await scoped().find({}, null, ACROSS_WORKSPACES).countDocuments()).toBe(2);
    expect(
      await scoped()
        .aggregate([{ $group: { _id: null, total: { $sum: '$n' } } }])
        .option(ACROSS_WORKSPACES),
    ).toEqual([{ _id: null, total: 3 }]);
    expect(await platformWide().countDocuments({})).toBe(1);
  });
});
