import { reachable, referencesIn, splitReference, type PipelineDefinition } from '@meetflow/workflows/pipeline';
import { mayPlace, workspaceFieldsIn, type ActivityAccess, type RunPrincipal } from '@meetflow/plugin-sdk';
import { ForbiddenError } from '../../../core/errors.ts';
import { z } from 'zod';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { assertStorable } from '../../../core/storable.ts';
import { mappingProblems, type ActivitySchemas } from './mapping-types.ts';

const NODE_ID = /^[a-zA-Z][\w-]*$/;

/** A duration as Temporal reads it: `500 ms`, `30 seconds`, `5 minutes`, `1 hour`. */
const Duration = z
  .string()
  .regex(/^\d+(\.\d+)?\s*(ms|milliseconds?|s|seconds?|m|minutes?|h|hours?)$/, 'must be a duration such as "30 seconds" or "5 minutes"');

/** The shape of a pipeline definition as users save it (before the registry check). */
export const PipelineDefinitionSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case'),
  name: z.string().min(1),
  version: z.number().int().min(1).default(1),
  nodes: z
    .array(
      z.object({
        id: z.string().regex(NODE_ID, 'must start with a letter and hold only letters, digits, - and _'),
        activity: z.string().regex(/^[a-z][a-z0-9-]*\.[a-zA-Z][a-zA-Z0-9]*$/, 'must be <plugin>.<activity>'),
        input: z.unknown().default({}),
        when: z
          .object({
            path: z.string().min(1),
            op: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'exists', 'in']),
            value: z.unknown().optional(),
          })
          .optional(),
        timeout: Duration.optional(),
        heartbeatTimeout: Duration.optional(),
        label: z.string().optional(),
        retry: z
          .strictObject({
            maximumAttempts: z
              .number()
              .int()
              .min(1, 'at least 1 (the first attempt)')
              .max(100, 'at most 100')
              .optional()
              .meta({ description: 'Attempts in all, the first included' }),
            initialInterval: Duration.optional().meta({ description: 'Wait before the first retry, e.g. `1 second`' }),
            backoffCoefficient: z.number().min(1, 'at least 1').max(10, 'at most 10').optional(),
            maximumInterval: Duration.optional().meta({ description: 'The longest wait between two attempts' }),
          })
          .optional()
          .meta({ description: 'How the step is retried; unset parts keep the defaults (5 attempts, 1 second doubling to 1 minute)' }),
        position: z
          .object({ x: z.number().finite(), y: z.number().finite() })
          .optional()
          .meta({ description: 'Where the editor draws the step' }),
        config: z.record(z.string(), z.unknown()).optional().meta({
          description:
            "Settings of the step's plugin for this step only, over the server's (MEETFLOW_PLUGINS_CONFIG): fields of its config schema; never a credential or other server-only field",
        }),
      }),
    )
    .min(1, 'a pipeline needs at least one step'),
  edges: z.array(z.object({ from: z.string(), to: z.string() })).default([]),
});

/** Body of POST /api/pipelines: a definition and, optionally, a note on what this version changes. */
export const SavePipelineBody = PipelineDefinitionSchema.extend({
  note: z
    .string()
    .trim()
    .max(500, 'at most 500 characters')
    .default('')
    .meta({ description: 'What this version changes, for the version history' }),
});

/**
 * What a pipeline needs to know of an installed activity: its manifest's timeout, whether it
 * heartbeats, and its input and output JSON Schemas (for the mapping type check; absent for a
 * built-in without them).
 */
export interface ActivityOptions extends ActivitySchemas {
  /** Who may place it in a pipeline: checked against the principal's role at save and at every start (accessProblems). */
  access: ActivityAccess;
  timeout?: string;
  heartbeats?: boolean;
  /**
   * What is wrong with a step's `config` for the activity's plugin (each problem at a field inside
   * the config, `''` for the whole); absent for an activity that takes no settings (a built-in).
   */
  configProblems?: (config: Record<string, unknown>) => Array<{ field: string; message: string }>;
}

/**
 * One thing wrong with a definition: where (`nodes.<id>`, `nodes.<id>.input.<field>`,
 * `nodes.<id>.config.<field>`, `nodes.<id>.when`, `edges`) and what.
 */
export interface DefinitionProblem {
  at: string;
  message: string;
}

/**
 * The heartbeat timeout of a step whose activity heartbeats (its manifest's `heartbeats`): an
 * attempt silent for this long is taken as lost and retried, long before its start-to-close
 * timeout. One page read by the research agent (10 s at most) heartbeats well within it.
 */
export const HEARTBEAT_TIMEOUT = '1 minute';

/** The problems of a step's `config`: at `nodes.<id>.config.<field>`, each message naming the node and field. */
function configProblems(node: PipelineDefinition['nodes'][number], options: ActivityOptions): DefinitionProblem[] {
  if (node.config === undefined || Object.keys(node.config).length === 0) return [];
  if (!options.configProblems) {
    return [
      {
        at: `nodes.${node.id}.config`,
        message: `node "${node.id}" config: this step's activity (${node.activity}) is the platform's own and takes no settings`,
      },
    ];
  }
  return options
    .configProblems(node.config)
    .map(({ field, message }) =>
      field
        ? { at: `nodes.${node.id}.config.${field}`, message: `node "${node.id}" config field "${field}": ${message}` }
        : { at: `nodes.${node.id}.config`, message: `node "${node.id}" config: ${message}` },
    );
}

/**
 * Everything wrong with a definition of the right shape, checked against the installed
 * activities: a duplicate node, an unknown activity, an edge to no node, a cycle, a reference to
 * a step that is not upstream, a condition on the run input, every mapping whose type does
 * not fit (mapping-types.ts), and a step `config` its plugin does not take (an unknown field, a
 * credential or other server-only field, a value that does not parse over the server's
 * settings). Empty when it can run.
 */
export function definitionProblems(definition: PipelineDefinition, activities: ReadonlyMap<string, ActivityOptions>): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ids = new Set<string>();
  for (const node of definition.nodes) {
    if (ids.has(node.id)) problems.push({ at: `nodes.${node.id}`, message: `node "${node.id}" appears twice` });
    ids.add(node.id);
    const options = activities.get(node.activity);
    if (!options) problems.push({ at: `nodes.${node.id}.activity`, message: `node "${node.id}": unknown activity "${node.activity}"` });
    else if (options.access === 'internal')
      problems.push({
        at: `nodes.${node.id}.activity`,
        message: `node "${node.id}": ${node.activity} is the platform's own (internal) and cannot be a step of a pipeline`,
      });
    else problems.push(...configProblems(node, options));
    for (const path of workspaceFieldsIn(node.input)) {
      problems.push({
        at: `nodes.${node.id}.input.${path}`,
        message: `node "${node.id}" input field "${path}": a step runs in the workspace of its run, which no input can set`,
      });
    }
  }
  for (const edge of definition.edges) {
    for (const end of [edge.from, edge.to])
      if (!ids.has(end)) problems.push({ at: 'edges', message: `edge ${edge.from} → ${edge.to}: no node "${end}"` });
  }
  let wellFormed = true;
  for (const node of definition.nodes) {
    const upstream = reachable(definition, node.id, 'up');
    if (upstream.has(node.id)) {
      wellFormed = false;
      problems.push({ at: `nodes.${node.id}`, message: `node "${node.id}" is part of a cycle` });
    }
    const sources = [...referencesIn(node.input), ...(node.when ? [node.when.path] : [])].map((ref) => splitReference(ref).source);
    for (const source of new Set(sources)) {
      if (source !== 'input' && !upstream.has(source)) {
        wellFormed = false;
        problems.push({
          at: `nodes.${node.id}`,
          message: `node "${node.id}" reads "${source}", which is not a step before it (add an edge ${source} → ${node.id})`,
        });
      }
    }
    if (node.when && splitReference(node.when.path).source === 'input')
      problems.push({ at: `nodes.${node.id}.when`, message: `node "${node.id}": a condition must read an earlier step` });
  }
  // Types are checked once the graph holds together (a reference to no step has no type to check).
  if (wellFormed) {
    for (const problem of mappingProblems(definition, activities)) {
      const at = problem.field === 'when' ? `nodes.${problem.node}.when` : `nodes.${problem.node}.input.${problem.field}`;
      const field = problem.field === 'when' ? 'its condition' : `field "${problem.field}"`;
      problems.push({ at, message: `node "${problem.node}" ${field} ${problem.message}` });
    }
  }
  return problems;
}

/** Problems by where they are, for a form to show beside each field. */
function fieldsOf(problems: readonly DefinitionProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.at] = fields[problem.at] ? `${fields[problem.at]}; ${problem.message}` : problem.message;
  return fields;
}

/**
 * The steps a principal of `role` may not place (each activity declares who may: ActivityAccess),
 * checked when a pipeline is saved and each time it is run, batched, test-run or rerun: a role can
 * change in between. Internal steps are refused for everyone by definitionProblems.
 */
export function accessProblems(
  definition: PipelineDefinition,
  activities: ReadonlyMap<string, ActivityOptions>,
  role: RunPrincipal['role'],
): DefinitionProblem[] {
  return definition.nodes.flatMap((node) => {
    const access = activities.get(node.activity)?.access;
    if (!access || access === 'internal' || mayPlace(role, access)) return [];
    return [
      {
        at: `nodes.${node.id}.activity`,
        message: `node "${node.id}": ${node.activity} takes ${access} or above, and your role in this workspace is ${role}`,
      },
    ];
  });
}

/**
 * Validates a definition against the installed activities and returns the snapshot a run
 * pins, with each node's timeout copied from its plugin manifest, and a heartbeat timeout for an
 * activity whose manifest says it heartbeats. A definition that breaks its schema is a 400; one
 * that is well formed but cannot run here (an activity not installed, a cycle, a reference to no
 * step before, a mapping whose type does not fit, an internal step, an input setting the
 * workspace) is a 422 naming every problem at once by node and field (each also under `fields`);
 * one with a step the principal's role may not place is a 403 naming it. Nothing is started for either.
 */
export function preparePipeline(
  raw: unknown,
  activities: ReadonlyMap<string, ActivityOptions>,
  principal: RunPrincipal,
): PipelineDefinition {
  const definition = PipelineDefinitionSchema.parse(raw) as PipelineDefinition;
  assertStorable(definition, 'The definition');
  const problems = definitionProblems(definition, activities);
  if (problems.length > 0) {
    throw new UnprocessableError(
      `Invalid pipeline "${definition.id}": ${problems.map((problem) => problem.message).join('; ')}`,
      fieldsOf(problems),
    );
  }
  const forbidden = accessProblems(definition, activities, principal.role);
  if (forbidden.length > 0) throw new ForbiddenError(forbidden.map((problem) => problem.message).join('; '));
  return {
    ...definition,
    nodes: definition.nodes.map((node) => {
      const options = activities.get(node.activity);
      const heartbeatTimeout = node.heartbeatTimeout ?? (options?.heartbeats ? HEARTBEAT_TIMEOUT : undefined);
      return { ...node, timeout: node.timeout ?? options?.timeout, ...(heartbeatTimeout ? { heartbeatTimeout } : {}) };
    }),
  };
}
