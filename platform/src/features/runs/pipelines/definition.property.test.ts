// Properties of the pipeline-definition validator (definitionProblems, preparePipeline) and of the
// interpreter's graph helpers it relies on (levelsOf, from @meetflow/workflows/pipeline), over
// generated DAGs of known activities whose inputs and conditions read only upstream steps:
// - such a definition has no problems, prepares unchanged in its graph, and levelsOf places
//   every node once, after all of its parents;
// - an edge that closes a cycle makes every node on that cycle a "part of a cycle" problem and
//   no node outside it; levelsOf then refuses the graph and preparePipeline throws an UnprocessableError
//   whose fields name those nodes;
// - a reference (in the input or the condition) to a step that is not upstream is a problem at
//   that node, naming the node and the step it reads;
// - an unknown activity, an edge to no node and a duplicate node are each reported where they are;
// - against a closed input schema, every field it does not have and a required field left
//   unmapped are reported at that field;
// - the order of the nodes changes none of the problems;
// - nothing throws: definitionProblems on any definition of the right shape returns problems,
//   and preparePipeline on any JSON returns or throws an UnprocessableError or a ZodError.
import { levelsOf, type PipelineDefinition, type PipelineNode } from '@meetflow/workflows/pipeline';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { definitionProblems, preparePipeline, type ActivityOptions } from './definition.ts';

const ACTIVITIES = new Map<string, ActivityOptions>([
  ['research.researchCompany', { access: 'public', timeout: '5 minutes', heartbeats: true }],
  ['lead-scoring.scoreProspect', { access: 'public', timeout: '30 seconds' }],
  ['outreach.writeSequence', { access: 'public' }],
]);
const activity = fc.constantFrom(...ACTIVITIES.keys());

/** A node id as the schema allows it; `input` names the run input in references, so no node takes it. */
const nodeId = fc.stringMatching(/^[a-zA-Z][\w-]{0,6}$/).filter((id) => id !== 'input');
const nodeIds = (minLength: number, maxLength: number) => fc.uniqueArray(nodeId, { minLength, maxLength });
const activityName = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}\.[a-zA-Z][a-zA-Z0-9]{0,6}$/);

const path = fc.array(fc.stringMatching(/^[a-zA-Z0-9_]{1,6}$/), { maxLength: 3 }).map((parts) => parts.join('.'));
/** `{{ source.path }}`, with any spacing inside the braces. */
const reference = (source: string) =>
  fc
    .tuple(path, fc.constantFrom('', ' ', '  '), fc.constantFrom('', ' ', '  '))
    .map(([inside, before, after]) => `{{${before}${inside ? `${source}.${inside}` : source}${after}}}`);

/** An input template: an object of constants, run-input references and the given references, some in nested objects and lists. */
const key = fc.stringMatching(/^[a-z]{1,6}$/);
const template = (references: fc.Arbitrary<string>[]) => {
  const leaf = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null), reference('input'), ...references);
  const value = fc.oneof(
    leaf,
    fc.array(leaf, { maxLength: 3 }),
    fc.dictionary(key, fc.oneof(leaf, fc.array(leaf, { maxLength: 2 })), { maxKeys: 3 }),
  );
  return fc.dictionary(key, value, { maxKeys: 4 });
};

interface Dag {
  definition: PipelineDefinition;
  /** Node ids in topological order: every edge goes from a lower index to a higher one. */
  order: string[];
  /** The parents of each node, by index in `order`. */
  parents: number[][];
}

/**
 * A random DAG: nodes in a random topological order, edges only forward, each node's input and
 * condition reading only steps found by walking its edges upstream. The `nodes` array is shuffled.
 */
const dag: fc.Arbitrary<Dag> = nodeIds(1, 7).chain((order) =>
  fc
    .tuple(
      fc.array(fc.array(fc.boolean(), { minLength: order.length, maxLength: order.length }), {
        minLength: order.length,
        maxLength: order.length,
      }),
      fc.array(activity, { minLength: order.length, maxLength: order.length }),
    )
    .chain(([edgeBits, activities]) => {
      const parents = order.map((_, to) => order.map((__, from) => from).filter((from) => from < to && edgeBits[to]![from]));
      /** Steps upstream of `index`, found by walking 1+ parent edges up (each an arbitrary of one id). */
      const upstreamOf = (index: number): fc.Arbitrary<string>[] => {
        if (parents[index]!.length === 0) return [];
        return [
          fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: order.length })).map(([choices]) => {
            let at = index;
            for (const choice of choices) {
              const up = parents[at]!;
              if (up.length === 0) break;
              at = up[choice % up.length]!;
            }
            return order[at]!;
          }),
        ];
      };
      const nodes = order.map((id, index) => {
        const upstream = upstreamOf(index);
        const references = upstream.map((source) => source.chain(reference));
        const when =
          upstream.length === 0
            ? fc.constant(undefined)
            : fc.option(
                fc.record({
                  path: fc.tuple(upstream[0]!, path).map(([source, inside]) => (inside ? `${source}.${inside}` : source)),
                  op: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'exists', 'in' as const),
                  value: fc.oneof(fc.integer(), fc.string({ maxLength: 5 })),
                }),
                { nil: undefined },
              );
        return fc.record({ input: template(references), when }).map(({ input, when: condition }): PipelineNode => ({
          id,
          activity: activities[index]!,
          input,
          ...(condition ? { when: condition } : {}),
        }));
      });
      const edges = parents.flatMap((from, to) => from.map((parent) => ({ from: order[parent]!, to: order[to]! })));
      return fc
        .tuple(fc.tuple(...nodes), fc.shuffledSubarray(edges, { minLength: edges.length, maxLength: edges.length }))
        .chain(([built, shuffledEdges]) =>
          fc.shuffledSubarray(built, { minLength: built.length, maxLength: built.length }).map((shuffled) => ({
            definition: { id: 'generated', name: 'Generated', version: 1, nodes: shuffled, edges: shuffledEdges },
            order,
            parents,
          })),
        );
    }),
);

const problemKeys = (definition: PipelineDefinition) =>
  definitionProblems(definition, ACTIVITIES)
    .map((problem) => JSON.stringify(problem))
    .sort();

describe('definitionProblems on generated DAGs (properties)', () => {
  it('finds no problem in a DAG of known activities that reads only upstream steps, and prepares it unchanged', () => {
    fc.assert(
      fc.property(dag, ({ definition }) => {
        expect(definitionProblems(definition, ACTIVITIES)).toEqual([]);
        const prepared = preparePipeline(definition, ACTIVITIES, TEST_OWNER);
        expect(prepared.nodes.map((node) => node.id)).toEqual(definition.nodes.map((node) => node.id));
        expect(prepared.edges).toEqual(definition.edges);
        // Levels: every node once, each after all of its parents.
        const levels = levelsOf(prepared);
        const levelOf = new Map(levels.flatMap((level, index) => level.map((id) => [id, index] as const)));
        expect(levels.flat().length).toBe(definition.nodes.length);
        expect(levelOf.size).toBe(definition.nodes.length);
        for (const edge of definition.edges) expect(levelOf.get(edge.from)!).toBeLessThan(levelOf.get(edge.to)!);
      }),
      { numRuns: 200 },
    );
  });

  it('reports every node of a cycle an edge closes, and no other node, as part of a cycle', () => {
    // A path along the DAG's edges (found by walking down from a node), closed by an edge back to its start.
    const closed = dag
      .filter(({ definition }) => definition.edges.length > 0)
      .chain((graph) =>
        fc
          .tuple(fc.constant(graph), fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: graph.order.length }))
          .map(([g, start, choices]) => {
            const children = g.order.map((_, from) => g.order.map((__, to) => to).filter((to) => g.parents[to]!.includes(from)));
            const withChildren = g.order.map((_, index) => index).filter((index) => children[index]!.length > 0);
            const cycle = [withChildren[start % withChildren.length]!];
            for (const choice of choices) {
              const down = children[cycle.at(-1)!]!;
              if (down.length === 0) break;
              cycle.push(down[choice % down.length]!);
            }
            return { graph: g, cycle };
          }),
      )
      // A self-loop when the path never left its start is a cycle too.
      .map(({ graph, cycle }) => ({ ...graph, cycle, back: { from: graph.order[cycle.at(-1)!]!, to: graph.order[cycle[0]!]! } }));
    fc.assert(
      fc.property(closed, fc.nat(), ({ definition, order, cycle, back }, at) => {
        const edges = [...definition.edges];
        edges.splice(at % (edges.length + 1), 0, back);
        const cyclic = { ...definition, edges };
        const reported = definitionProblems(cyclic, ACTIVITIES)
          .filter((problem) => problem.message.endsWith('is part of a cycle'))
          .map((problem) => problem.at);
        for (const index of cycle) expect(reported).toContain(`nodes.${order[index]}`);
        // Every edge goes forward in `order` but the new one, so no node before the cycle's start or after its end is on a cycle.
        const [first, last] = [cycle[0]!, cycle.at(-1)!];
        for (const [index, id] of order.entries()) if (index < first || index > last) expect(reported).not.toContain(`nodes.${id}`);
        expect(() => levelsOf(cyclic)).toThrow(/cycle/);
        try {
          preparePipeline(cyclic, ACTIVITIES, TEST_OWNER);
          expect.fail('a cyclic pipeline was prepared');
        } catch (error) {
          expect(error).toBeInstanceOf(UnprocessableError);
          for (const index of cycle)
            expect((error as UnprocessableError).fields?.[`nodes.${order[index]}`]).toContain('is part of a cycle');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reports a reference to a step that is not upstream at the node that reads it, naming both', () => {
    // Not upstream: the node itself, one after it in topological order, or no node at all.
    const misread = dag.chain((graph) =>
      fc
        .record({
          reader: fc.nat({ max: graph.order.length - 1 }),
          offset: fc.nat(),
          missing: nodeId.filter((id) => !graph.order.includes(id)),
          useMissing: fc.boolean(),
          inCondition: fc.boolean(),
          field: key,
          inside: path,
        })
        .map(({ reader, offset, missing, useMissing, inCondition, field, inside }) => {
          const later = graph.order.slice(reader);
          const source = useMissing ? missing : later[offset % later.length]!;
          return { graph, reader: graph.order[reader]!, source, inCondition, field, inside };
        }),
    );
    fc.assert(
      fc.property(misread, ({ graph, reader, source, inCondition, field, inside }) => {
        const ref = inside ? `${source}.${inside}` : source;
        const nodes = graph.definition.nodes.map((node) => {
          if (node.id !== reader) return node;
          if (inCondition) return { ...node, when: { path: ref, op: 'exists' as const } };
          const input = node.input !== null && typeof node.input === 'object' && !Array.isArray(node.input) ? node.input : {};
          return { ...node, input: { ...input, [field]: `{{ ${ref} }}` } };
        });
        const problems = definitionProblems({ ...graph.definition, nodes }, ACTIVITIES);
        expect(problems).toContainEqual({
          at: `nodes.${reader}`,
          message: `node "${reader}" reads "${source}", which is not a step before it (add an edge ${source} → ${reader})`,
        });
      }),
      { numRuns: 200 },
    );
  });

  it('reports an unknown activity, an edge to no node and a duplicate node where they are', () => {
    const broken = dag.chain((graph) =>
      fc.record({
        graph: fc.constant(graph),
        victim: fc.constantFrom(...graph.order),
        unknown: activityName.filter((name) => !ACTIVITIES.has(name)),
        stranger: nodeId.filter((id) => !graph.order.includes(id)),
        kind: fc.constantFrom('activity', 'edge', 'duplicate'),
      }),
    );
    fc.assert(
      fc.property(broken, ({ graph: { definition }, victim, unknown, stranger, kind }) => {
        if (kind === 'activity') {
          const nodes = definition.nodes.map((node) => (node.id === victim ? { ...node, activity: unknown } : node));
          expect(definitionProblems({ ...definition, nodes }, ACTIVITIES)).toEqual([
            { at: `nodes.${victim}.activity`, message: `node "${victim}": unknown activity "${unknown}"` },
          ]);
        } else if (kind === 'edge') {
          const edges = [...definition.edges, { from: victim, to: stranger }];
          expect(definitionProblems({ ...definition, edges }, ACTIVITIES)).toContainEqual({
            at: 'edges',
            message: `edge ${victim} → ${stranger}: no node "${stranger}"`,
          });
        } else {
          const copy = { id: victim, activity: [...ACTIVITIES.keys()][0]!, input: {} };
          expect(definitionProblems({ ...definition, nodes: [...definition.nodes, copy] }, ACTIVITIES)).toContainEqual({
            at: `nodes.${victim}`,
            message: `node "${victim}" appears twice`,
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('definitionProblems type check of a closed input (properties)', () => {
  // An input as zod renders z.strictObject({ score: z.number(), tone: z.enum([...]).optional() }).
  const typed = new Map<string, ActivityOptions>([
    [
      'test.write',
      {
        access: 'public',
        input: {
          type: 'object',
          properties: { score: { type: 'number' }, tone: { type: 'string', enum: ['warm', 'plain'] } },
          required: ['score'],
          additionalProperties: false,
        },
      },
    ],
  ]);
  const single = (input: unknown): PipelineDefinition => ({
    id: 'typed',
    name: 'Typed',
    version: 1,
    nodes: [{ id: 'write', activity: 'test.write', input }],
    edges: [],
  });
  // Names of members every object has ("toString", "__proto__") included: the check once took them
  // for properties of every schema (found by this file).
  const FIELD = fc.oneof(
    fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
    fc.constantFrom('toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__'),
  );

  it('reports every field the input does not have, and a required field left unmapped, at that field', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          FIELD.filter((name) => name !== 'score' && name !== 'tone'),
          { maxLength: 3 },
        ),
        fc.jsonValue(),
        fc.boolean(),
        (extra, value, mapsScore) => {
          const input = Object.fromEntries([...(mapsScore ? [['score', 1]] : []), ...extra.map((name) => [name, value])]);
          const problems = definitionProblems(single(input), typed);
          for (const name of extra)
            expect(problems).toContainEqual({
              at: `nodes.write.input.${name}`,
              message: `node "write" field "${name}" is not a field of this input (it has score, tone)`,
            });
          const required = { at: 'nodes.write.input.score', message: 'node "write" field "score" is required: map it' };
          if (mapsScore) expect(problems).not.toContainEqual(required);
          else expect(problems).toContainEqual(required);
          expect(problems).toHaveLength(extra.length + (mapsScore ? 0 : 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('definitionProblems on any definition (properties)', () => {
  /** Definitions of the right shape with any edges (cycles, self-loops, strangers) and any references. */
  const anyDefinition = nodeIds(1, 6).chain((ids) => {
    const id = fc.oneof(fc.constantFrom(...ids), nodeId);
    const node = (nodeId: string) =>
      fc.record(
        {
          id: fc.constant(nodeId),
          activity: fc.oneof(activity, fc.constant('unknown.activity')),
          input: fc.oneof(template([id.chain(reference)]), fc.jsonValue()),
          when: fc.record({
            path: fc.oneof(
              id,
              fc.tuple(id, path).map(([a, b]) => `${a}.${b}`),
              fc.string(),
            ),
            op: fc.constantFrom('eq', 'exists' as const),
          }),
        },
        { requiredKeys: ['id', 'activity', 'input'] },
      );
    return fc.record({
      id: fc.constant('any'),
      name: fc.constant('Any'),
      version: fc.constant(1),
      // Each id once, and sometimes one of them (or a stranger) again.
      nodes: fc.tuple(fc.tuple(...ids.map(node)), fc.array(id.chain(node), { maxLength: 1 })).map(([main, extra]) => [...main, ...extra]),
      edges: fc.array(fc.record({ from: id, to: id }), { maxLength: 10 }),
    }) as fc.Arbitrary<PipelineDefinition>;
  });

  it('returns problems, never throws, each at a node or the edges', () => {
    fc.assert(
      fc.property(anyDefinition, (definition) => {
        for (const problem of definitionProblems(definition, ACTIVITIES)) expect(problem.at).toMatch(/^(nodes\.[^.]+(\.|$)|edges$)/);
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same problems whatever the order of the nodes', () => {
    fc.assert(
      fc.property(
        anyDefinition.chain((definition) =>
          fc.tuple(
            fc.constant(definition),
            fc.shuffledSubarray(definition.nodes, { minLength: definition.nodes.length, maxLength: definition.nodes.length }),
          ),
        ),
        ([definition, shuffled]) => {
          expect(problemKeys({ ...definition, nodes: shuffled })).toEqual(problemKeys(definition));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prepares any JSON or refuses it with an UnprocessableError or a ZodError', () => {
    const nearlyDefinition = fc.record(
      {
        id: fc.oneof(fc.constant('p'), fc.string()),
        name: fc.oneof(fc.constant('P'), fc.string()),
        version: fc.oneof(fc.constant(1), fc.anything()),
        nodes: fc.oneof(
          fc.array(
            fc.record(
              {
                id: fc.oneof(nodeId, fc.anything()),
                activity: fc.oneof(activity, fc.string()),
                input: fc.anything(),
                when: fc.anything(),
                timeout: fc.oneof(fc.constant('5 minutes'), fc.string()),
                retry: fc.anything(),
                position: fc.anything(),
              },
              { requiredKeys: ['id', 'activity'] },
            ),
            { maxLength: 4 },
          ),
          fc.anything(),
        ),
        edges: fc.oneof(fc.array(fc.record({ from: fc.string(), to: fc.string() }), { maxLength: 4 }), fc.anything()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue(), nearlyDefinition), (raw) => {
        try {
          preparePipeline(raw, ACTIVITIES, TEST_OWNER);
        } catch (error) {
          if (!(error instanceof UnprocessableError) && !(error instanceof ZodError)) throw error;
        }
      }),
      { numRuns: 300 },
    );
  });
});
