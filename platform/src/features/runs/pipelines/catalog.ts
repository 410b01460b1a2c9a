import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Models } from '../../models.ts';
import type { SavedPipeline } from './model.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import { preparePipeline, SavePipelineBody, type ActivityOptions } from './definition.ts';
import type { RunPrincipal } from '@meetflow/plugin-sdk';

/**
 * Saves a definition as the next version of its pipeline (validated against the installed
 * activities first, its mappings' types included), with the note said about it. Versions are never overwritten: runs pin the version they started with.
 */
export async function savePipeline(
  db: Pick<Models, 'pipelines'>,
  activities: ReadonlyMap<string, ActivityOptions>,
  workspaceId: string,
  principal: RunPrincipal,
  raw: unknown,
): Promise<SavedPipeline> {
  const { note, ...definition } = SavePipelineBody.parse(raw ?? {});
  // Refused, each problem named, as a run of it would be: a step the saver's role may not place too.
  preparePipeline(definition, activities, principal);
  // Kept as written: a run fills in the manifests' timeouts when it starts, so a step left on its
  // plugin's default follows the plugin, and the editor shows it as a default.
  const prepared = definition;
  // Two saves at once may pick the same number; the unique index refuses one and it tries the next.
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await db.pipelines.findOne({ workspaceId, pipelineId: prepared.id }).sort({ version: -1 }).lean();
    const version = (latest?.version ?? 0) + 1;
    try {
      const saved = await db.pipelines.create({
        workspaceId,
        pipelineId: prepared.id,
        version,
        name: prepared.name,
        definition: { ...prepared, version },
        note,
      });
      return saved.toObject();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new ConflictError(`Pipeline "${prepared.id}" is being saved concurrently; try again`);
}

/** The latest version of a pipeline, or the given one; 404 when it does not exist in the workspace. */
export async function findPipeline(db: Pick<Models, 'pipelines'>, workspaceId: string, pipelineId: string, version?: number) {
  const query = db.pipelines.findOne({ workspaceId, pipelineId, ...(version ? { version } : {}) }).sort({ version: -1 });
  const found = await query.lean();
  if (!found) throw new NotFoundError(`No pipeline "${pipelineId}"${version ? ` version ${version}` : ''} in this workspace`);
  return found;
}
