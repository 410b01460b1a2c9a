// A real database per test file, on the server the vitest global setup starts.
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { testMongoServer } from '@meetflow/plugin-sdk/testing';

/** Opens a fresh database named test-<name>-<random>. */
export async function openTestDatabase(name: string): Promise<Connection> {
  return mongoose.createConnection(`${testMongoServer()}/test-${name}-${randomUUID().slice(0, 8)}`).asPromise();
}
