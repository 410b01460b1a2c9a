import type { Models } from '../db/models.ts';
import { createSystemActivities } from './system.ts';

/** Every activity the worker registers, built over the injected dependencies. */
export function createActivities(deps: { db: Models }) {
  return {
    ...createSystemActivities(deps.db),
  };
}

export type Activities = ReturnType<typeof createActivities>;
