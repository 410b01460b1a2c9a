import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { inject } from 'vitest';

/** A fresh database on the run's test server, named after the test file so runs never share data. */
export async function openTestDatabase(label: string): Promise<mongoose.Connection> {
  const name = `test-${label}-${randomUUID().slice(0, 8)}`.replace(/[^\w-]/g, '-');
  return mongoose.createConnection(`${inject('mongoServer')}/${name}`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
}
