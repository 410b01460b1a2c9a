import type { PipelineDefinition } from '../../api/types.ts';

/** One problem POST /api/pipelines/validate found: where (`nodes.<id>.input.<field>`, `edges`, `name`…) and what. */
export interface DefinitionProblem {
  at: string;
  message: string;
}

/** A problem placed on the draft: the step it is on (if any) and the part of that step (`input.scoring`, `when`, `id`; `''`: the step). */
export interface PlacedProblem extends DefinitionProblem {
  nodeId?: string;
  field?: string;
}

/**
 * Where a problem is on the draft. `at` names a step by id (`nodes.score.when`) or, for a shape
 * problem, by position (`nodes.2.id`); ids start with a letter, so a number is a position.
 */
export function placeProblem(definition: PipelineDefinition, problem: DefinitionProblem): PlacedProblem {
  const [head, step, ...rest] = problem.at.split('.');
  if (head !== 'nodes' || step === undefined) return problem;
  const nodeId = /^\d+$/.test(step) ? definition.nodes[Number(step)]?.id : step;
  if (nodeId === undefined) return problem;
  return { ...problem, nodeId, field: rest.join('.') };
}

/** Each step's problems, by step id (problems on no step are left out). */
export function problemsByNode(problems: readonly PlacedProblem[]): Map<string, PlacedProblem[]> {
  const byNode = new Map<string, PlacedProblem[]>();
  for (const problem of problems)
    if (problem.nodeId !== undefined) byNode.set(problem.nodeId, [...(byNode.get(problem.nodeId) ?? []), problem]);
  return byNode;
}

/**
 * The messages about one part of a step (`input.scoring`, `when`), worded for showing under it;
 * `''` gives those about the step as a whole, in full.
 */
export const messagesAt = (problems: readonly PlacedProblem[] | undefined, field: string): string[] =>
  (problems ?? [])
    .filter((problem) => (problem.field ?? '') === field)
    .map((problem) => (field ? fieldMessage(problem.message) : problem.message));

/**
 * A message without the step and field it names, for showing under that field: `node "copy"
 * field "scoring" takes object, but …` → `Takes object, but …`; `… is required: map it` → `Required: map it`;
 * `node "score" config field "factor": Too big: …` → `Too big: …`.
 */
export function fieldMessage(message: string): string {
  const trimmed = message.replace(/^node "[^"]+"(?::| field "[^"]+"| its condition| config(?: field "[^"]+")?:)? /, '').replace(/^is /, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** A problem of the whole pipeline as people read it: what to do about an empty name or id, else the check's words. */
export function pipelineProblemText(problem: DefinitionProblem, definition: Pick<PipelineDefinition, 'id' | 'name'>): string {
  if (problem.at === 'name' && definition.name.trim() === '') return 'Name the pipeline';
  if (problem.at === 'id' && definition.id === '') return 'Give the pipeline an id, e.g. score-and-write';
  if (problem.at === 'id') return `The id ${problem.message}`;
  return problem.message.charAt(0).toUpperCase() + problem.message.slice(1);
}

/** Where a problem on a step is, as the problems list names it: `score`, `copy › scoring.totalScore`, `copy › condition`. */
export function problemPlace(problem: PlacedProblem): string {
  const field = (problem.field ?? '').replace(/^input\./, '').replace(/^when$/, 'condition');
  return field ? `${problem.nodeId} › ${field}` : (problem.nodeId ?? problem.at);
}
