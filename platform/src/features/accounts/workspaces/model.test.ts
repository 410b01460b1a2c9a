import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHttpError } from '../../../core/http/http-error.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels, type Models } from '../../models.ts';
import { DEFAULT_WORKSPACE, ensureDefaultWorkspace } from './model.ts';

let connection: mongoose.Connection;
let db: Models;

beforeAll(async () => {
  connection = await openTestDatabase('workspace');
  db = createModels(connection);
  // Every index built before the tests, and so before afterAll drops the database: the embedded
  // database can fail a drop that races an index build ("index not found").
  await Promise.all(Object.values(db).map((model) => model.init()));
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('Workspace model on the real database', () => {
  it('creates, queries and updates a document', async () => {
    const created = await db.workspaces.create({ slug: 'Acme-Sales', name: 'Acme' });
    expect(created.slug).toBe('acme-sales'); // folded to lowercase: the embedded server ignores collations

    const found = await db.workspaces.findOne({ slug: 'acme-sales' }).lean();
    expect(found?.name).toBe('Acme');

    const updated = await db.workspaces.findOneAndUpdate({ slug: 'acme-sales' }, { name: 'Acme Inc.' }, { returnDocument: 'after' }).lean();
    expect(updated?.name).toBe('Acme Inc.');
    expect(await db.workspaces.countDocuments({ name: 'Acme Inc.' })).toBe(1);
  });

  it('rejects a duplicate slug, whatever its case, as a 409 naming the field', async () => {
    await db.workspaces.create({ slug: 'globex', name: 'Globex' });
    const duplicate = await db.workspaces.create({ slug: 'GLOBEX', name: 'Globex again' }).catch((error: unknown) => error);
    expect(toHttpError(duplicate)).toMatchObject({ status: 409, message: expect.stringContaining('slug: "globex" already exists') });
    expect(await db.workspaces.countDocuments({ slug: 'globex' })).toBe(1);
  });

  it('rejects an invalid document as a 400 naming the field', async () => {
    const invalid = await db.workspaces.create({ slug: 'has spaces', name: 'x' }).catch((error: unknown) => error);
    expect(toHttpError(invalid)).toMatchObject({ status: 400, fields: { slug: expect.any(String) } });
  });

  it('seeds the default workspace once, however often start-up runs', async () => {
    await Promise.all([ensureDefaultWorkspace(db.workspaces), ensureDefaultWorkspace(db.workspaces)]);
    await ensureDefaultWorkspace(db.workspaces);
    const defaults = await db.workspaces.find({ slug: DEFAULT_WORKSPACE.slug }).lean();
    expect(defaults).toHaveLength(1);
    expect(defaults[0]?.name).toBe(DEFAULT_WORKSPACE.name);
  });
});
