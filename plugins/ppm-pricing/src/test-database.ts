// Test support: a fresh database on the run's test server with the pricing models on it.
import { fixedClock, openTestConnection, testDeps } from '@meetflow/plugin-sdk/testing';
import type { Model } from 'mongoose';
import { bidSchema, ledgerSchema, sliceSchema, type PricingModels } from './collections.ts';
import { ppmPricingPlugin } from './index.ts';

/** An open test database, its models, and deps for runActivity at a given time. */
export interface TestDatabase {
  db: PricingModels;
  depsAt(iso: string): ReturnType<typeof testDeps<typeof ppmPricingPlugin>>;
  drop(): Promise<void>;
}

/** Opens `test-ppm-<random>` and builds the models with their unique indexes in place. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const connection = await openTestConnection('ppm');
  const db = {
    slices: connection.model('ppm-pricing:slices', sliceSchema),
    bids: connection.model('ppm-pricing:bids', bidSchema),
    ledger: connection.model('ppm-pricing:ledger', ledgerSchema),
  } as unknown as PricingModels;
  // Indexes are built in the background; the idempotency tests need the unique ones in place.
  await Promise.all(Object.values(db).map((model: Model<unknown>) => model.init()));
  return {
    db,
    depsAt: (iso) => testDeps(ppmPricingPlugin, { db, clock: fixedClock(iso) }),
    async drop() {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
