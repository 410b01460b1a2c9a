// Test support: a fresh database on the run's test server with this plugin's models on it.
import { openTestConnection } from '@meetflow/plugin-sdk/testing';
import { cycleSchema, type CycleModel } from './cycles-store.ts';

/** An open test database and the models to pass as `db` in testDeps. */
export interface TestDatabase {
  db: { cycles: CycleModel };
  drop(): Promise<void>;
}

/** Opens `test-learning-<random>` and builds the models with their indexes in place. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const connection = await openTestConnection('learning');
  const cycles = connection.model('learning-engine:cycles', cycleSchema) as unknown as CycleModel;
  // Indexes are built in the background; the idempotency tests need the unique one in place.
  await cycles.init();
  return {
    db: { cycles },
    async drop() {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
