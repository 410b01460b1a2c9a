import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import { inject } from 'vitest';

/** A fresh database on the run's test server, named after the test file so runs never share data. */
export async function openTestDatabase(label: string): Promise<mongoose.Connection> {
  const name = `test-${label}-${randomUUID().slice(0, 8)}`.replace(/[^\w-]/g, '-');
  const connection = await mongoose.createConnection(`${inject('mongoServer')}/${name}`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
  // A model builds its indexes in the background once compiled; dropping the database while one is
  // still built makes the embedded server answer "index not found". The drop waits for them first.
  const drop = connection.dropDatabase.bind(connection);
  connection.dropDatabase = async () => {
    await Promise.all(Object.values(connection.models).map((model) => model.init().catch(() => undefined)));
    return drop();
  };
  return connection;
}
