import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../dev/testing/database.ts';
import { counterModel, nextSequence } from './counter.ts';

let connection: mongoose.Connection;
let counters: ReturnType<typeof counterModel>;

beforeAll(async () => {
  connection = await openTestDatabase('counter');
  counters = counterModel(connection);
  await counters.init();
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('nextSequence on the real database', () => {
  it('hands out 1..n without repeats to concurrent callers', async () => {
    const ids = await Promise.all(Array.from({ length: 25 }, () => nextSequence(counters, 'acme', 'prospect')));
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    expect(await counters.countDocuments({ workspaceId: 'acme', name: 'prospect' })).toBe(1);
  });

  it('keeps one sequence per workspace and per name', async () => {
    expect(await nextSequence(counters, 'globex', 'prospect')).toBe(1);
    expect(await nextSequence(counters, 'globex', 'campaign')).toBe(1);
    expect(await nextSequence(counters, 'globex', 'prospect')).toBe(2);
    expect(await nextSequence(counters, 'acme', 'prospect')).toBe(26);
  });
});
