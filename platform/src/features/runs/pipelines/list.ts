import type { Models } from '../../models.ts';
import { NotFoundError } from '../../../core/errors.ts';
import { builtInPipeline, type BuiltInPipeline, type BuiltInPipelines } from './built-ins.ts';
import { findPipeline } from './catalog.ts';
import type { PipelineRun } from './run-model.ts';

type RunStatus = PipelineRun['status'];

/** How a pipeline's recorded runs stand: counts by status and the newest run. */
export interface PipelineRunStats {
  total: number;
  byStatus: Record<RunStatus, number>;
  last: { runId: string; status: RunStatus; startedAt?: Date; createdAt: Date; version: number } | null;
}

/** The newest run of one (pipeline, status) and how many runs share them. */
interface StatusGroup {
  _id: { pipelineId: string; status: RunStatus };
  count: number;
  runId: string;
  startedAt?: Date | null;
  createdAt: Date;
  version: number;
}

/** True when `a` comes before `b` in GET /api/runs' order: newest first, then by run id. */
const listedBefore = (a: { createdAt: Date; runId: string }, b: { createdAt: Date; runId: string }) =>
  a.createdAt.getTime() > b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.runId < b.runId);

const noRuns = (): PipelineRunStats => ({
  total: 0,
  byStatus: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 },
  last: null,
});

/**
 * The run stats of every pipeline of a workspace, by pipeline id, from one aggregation: the
 * embedded database answers any non-unique filter by scanning, so one pass over the workspace's
 * runs beats a query per pipeline (on MongoDB the `workspaceId, createdAt` index serves it).
 */
export async function runStatsByPipeline(db: Pick<Models, 'pipelineRuns'>, workspaceId: string): Promise<Map<string, PipelineRunStats>> {
  const groups = await db.pipelineRuns.aggregate<StatusGroup>([
    { $match: { workspaceId } },
    // Only what the stats need, so the sort holds small documents however large the runs are.
    { $project: { _id: 0, pipelineId: 1, status: 1, runId: 1, startedAt: 1, createdAt: 1, pipelineVersion: 1 } },
    { $sort: { createdAt: -1, runId: 1 } },
    {
      $group: {
        _id: { pipelineId: '$pipelineId', status: '$status' },
        count: { $sum: 1 },
        runId: { $first: '$runId' },
        startedAt: { $first: '$startedAt' },
        createdAt: { $first: '$createdAt' },
        version: { $first: '$pipelineVersion' },
      },
    },
  ]);
  const stats = new Map<string, PipelineRunStats>();
  for (const group of groups) {
    const { pipelineId, status } = group._id;
    const entry = stats.get(pipelineId) ?? noRuns();
    entry.total += group.count;
    entry.byStatus[status] += group.count;
    if (!entry.last || listedBefore(group, entry.last)) {
      const { runId, createdAt, version, startedAt } = group;
      entry.last = { runId, status, createdAt, version, ...(startedAt ? { startedAt } : {}) };
    }
    stats.set(pipelineId, entry);
  }
  return stats;
}

/** What the list and the single read say of a built-in, beside its definition's id, version and name. */
function builtInFields(builtIn: BuiltInPipeline) {
  const { definition, description, cannotDuplicate } = builtIn;
  return {
    pipelineId: definition.id,
    version: definition.version,
    name: definition.name,
    builtIn: true,
    description,
    ...(cannotDuplicate ? { cannotDuplicate } : {}),
  };
}

/**
 * Every pipeline of a workspace for GET /api/pipelines: the built-ins first, then the latest
 * version of each saved one by id, each with its number of versions and its run stats. Versions
 * saved under a built-in's id (campaigns pin them) are listed as their own saved entry; runs are
 * recorded by pipeline id, so both entries count the same runs.
 */
export async function listPipelineEntries(db: Pick<Models, 'pipelines' | 'pipelineRuns'>, builtIns: BuiltInPipelines, workspaceId: string) {
  const [saved, stats] = await Promise.all([
    db.pipelines.find({ workspaceId }, { definition: 0 }).sort({ pipelineId: 1, version: -1 }).lean(),
    runStatsByPipeline(db, workspaceId),
  ]);
  const versions = new Map<string, number>();
  for (const pipeline of saved) versions.set(pipeline.pipelineId, (versions.get(pipeline.pipelineId) ?? 0) + 1);
  const latest = saved.filter((pipeline, index) => index === 0 || saved[index - 1]!.pipelineId !== pipeline.pipelineId);
  return [
    ...builtIns.pipelines.map((builtIn) => ({
      ...builtInFields(builtIn),
      versions: 1,
      runs: builtIn.recordsRuns ? (stats.get(builtIn.definition.id) ?? noRuns()) : null,
    })),
    ...latest.map((pipeline) => ({
      ...pipeline,
      builtIn: false,
      versions: versions.get(pipeline.pipelineId)!,
      runs: stats.get(pipeline.pipelineId) ?? noRuns(),
    })),
  ];
}

/**
 * One version of a pipeline with its definition: a built-in's (it has only the version it
 * defines), else the workspace's saved one, the latest unless `version` is given; 404 otherwise.
 */
export async function readPipeline(
  db: Pick<Models, 'pipelines'>,
  builtIns: BuiltInPipelines,
  workspaceId: string,
  pipelineId: string,
  version?: number,
) {
  const builtIn = builtInPipeline(builtIns, pipelineId);
  if (!builtIn) return { ...(await findPipeline(db, workspaceId, pipelineId, version)), builtIn: false };
  if (version !== undefined && version !== builtIn.definition.version) {
    throw new NotFoundError(`Built-in pipeline "${pipelineId}" has only version ${builtIn.definition.version}`);
  }
  return { ...builtInFields(builtIn), definition: builtIn.definition };
}

/** Every version of a pipeline, newest first (a built-in has one); 404 when the workspace has no such pipeline. */
export async function listPipelineVersions(
  db: Pick<Models, 'pipelines'>,
  builtIns: BuiltInPipelines,
  workspaceId: string,
  pipelineId: string,
) {
  const builtIn = builtInPipeline(builtIns, pipelineId);
  if (builtIn) return [{ version: builtIn.definition.version, name: builtIn.definition.name }];
  // `note` is optional on saved versions: read when present.
  const versions = await db.pipelines
    .find({ workspaceId, pipelineId }, { _id: 0, version: 1, name: 1, createdAt: 1, note: 1 })
    .sort({ version: -1 })
    .lean<Array<{ version: number; name: string; createdAt?: Date; note?: unknown }>>();
  if (versions.length === 0) throw new NotFoundError(`No pipeline "${pipelineId}" in this workspace`);
  return versions.map(({ note, ...version }) => ({ ...version, ...(typeof note === 'string' && note ? { note } : {}) }));
}
