import type { Connection } from 'mongoose';
import { outcomeEventModels } from '../outcomes/event-model.ts';
import { workspaceConfigModels } from '../workspace-config/model.ts';
import type { ExperimentCreditDb } from './credit.ts';
import { experimentsModels } from './model.ts';

/** The models crediting an outcome uses, on a connection: for callers built over the connection rather than the database map (meetings). */
export function experimentCreditModels(connection: Connection): ExperimentCreditDb {
  return { ...experimentsModels(connection), ...outcomeEventModels(connection), ...workspaceConfigModels(connection) };
}
