import type { z } from 'zod';
import type { Models } from '../../models.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';
import { ConflictError } from '../../../core/errors.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { escapeRegex } from '../../../core/regex.ts';
import { isBuiltInPipeline, type BuiltInPipelines } from './built-ins.ts';
import { savePipeline } from './catalog.ts';
import type { ActivityOptions } from './definition.ts';
import type { DuplicateBody } from './list-api-schemas.ts';
import { readPipeline } from './list.ts';

/** `<id>-copy`, else the first free `<id>-copy-<n>` (n ≥ 2) in the workspace. */
async function freeCopyId(
  db: Pick<Models, 'pipelines'>,
  builtIns: BuiltInPipelines,
  workspaceId: string,
  sourceId: string,
): Promise<string> {
  const base = `${sourceId}-copy`;
  const pattern = new RegExp(`^${escapeRegex(base)}(-\\d+)?$`);
  const taken = new Set<string>(await db.pipelines.distinct('pipelineId', { workspaceId, pipelineId: pattern }));
  if (!taken.has(base) && !isBuiltInPipeline(builtIns, base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`) && !isBuiltInPipeline(builtIns, `${base}-${n}`)) return `${base}-${n}`;
}

/** 409 when `id` is taken: by a built-in, or by a pipeline the workspace has saved. */
async function assertIdFree(db: Pick<Models, 'pipelines'>, builtIns: BuiltInPipelines, workspaceId: string, id: string): Promise<void> {
  if (isBuiltInPipeline(builtIns, id)) throw new ConflictError(`"${id}" is a built-in pipeline's id: choose another id for the copy`);
  if (await db.pipelines.exists({ workspaceId, pipelineId: id })) {
    throw new ConflictError(`A pipeline "${id}" already exists in this workspace: choose another id for the copy`);
  }
}

/**
 * Saves version 1 of a new pipeline from a version of another (its latest unless `version` is
 * given), built-ins included: under `newId` (else `<id>-copy`, `-copy-2`…) and `name` (else
 * "Copy of <name>"). 404 for an unknown source, 409 when `newId` is taken, 422 when the source
 * cannot be duplicated or uses an activity no longer installed.
 */
export async function duplicatePipeline(
  db: Pick<Models, 'pipelines'>,
  activities: ReadonlyMap<string, ActivityOptions>,
  builtIns: BuiltInPipelines,
  workspaceId: string,
  principal: RunPrincipal,
  sourceId: string,
  request: z.infer<typeof DuplicateBody>,
) {
  const source = await readPipeline(db, builtIns, workspaceId, sourceId, request.version);
  if ('cannotDuplicate' in source && source.cannotDuplicate) {
    throw new UnprocessableError(`Pipeline "${sourceId}" cannot be duplicated: ${source.cannotDuplicate}`);
  }
  if (request.newId) await assertIdFree(db, builtIns, workspaceId, request.newId);
  const id = request.newId ?? (await freeCopyId(db, builtIns, workspaceId, sourceId));
  const name = request.name ?? `Copy of ${source.definition.name}`;
  return savePipeline(db, activities, workspaceId, principal, { ...source.definition, id, name, version: 1 });
}
