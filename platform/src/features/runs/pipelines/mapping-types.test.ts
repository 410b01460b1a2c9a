import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PluginHost } from '../plugins/host.ts';
import { installedPlugins } from '../plugins/installed.ts';
import { BUILTIN_ACTIVITIES } from '../../steps.ts';
import { PROSPECT_PIPELINE } from '../../prospecting/superagent/prospect-pipeline.ts';
import { definitionProblems } from './definition.ts';
import { typesOf } from '@meetflow/workflows/pipeline';
import { mappingProblems, schemaAt, type ActivitySchemas, type JsonSchema } from './mapping-types.ts';

const json = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

// Two activities as zod renders their manifests: a scorer and a writer that takes a score.
const schemas = new Map<string, ActivitySchemas>([
  [
    'test.score',
    {
      input: json(z.object({ name: z.string() }), 'input'),
      output: json(
        z.object({
          total: z.number().int(),
          qualified: z.boolean(),
          label: z.string().nullable(),
          tags: z.array(z.object({ tag: z.string() })),
        }),
        'output',
      ),
    },
  ],
  [
    'test.write',
    {
      input: json(
        z.strictObject({
          score: z.number(),
          tone: z.enum(['warm', 'plain']).default('plain'),
          firstTag: z.string().optional(),
          about: z.object({ name: z.string() }).optional(),
        }),
        'input',
      ),
      output: json(z.object({ text: z.string() }), 'output'),
    },
  ],
]);

const pipeline = (write: Record<string, unknown>, when?: PipelineDefinition['nodes'][number]['when']): PipelineDefinition => ({
  id: 'typed',
  name: 'Typed',
  version: 1,
  nodes: [
    { id: 'score', activity: 'test.score', input: { name: '{{ input.name }}' } },
    { id: 'write', activity: 'test.write', input: write, ...(when ? { when } : {}) },
  ],
  edges: [{ from: 'score', to: 'write' }],
});

describe('the mapping type check', () => {
  it('passes mappings that fit: an integer into a number, a string from a nullable string, run input (untyped), an array item', () => {
    expect(
      mappingProblems(
        pipeline({ score: '{{ score.total }}', firstTag: '{{ score.tags.0.tag }}', about: { name: '{{ input.x }}' } }),
        schemas,
      ),
    ).toEqual([]);
    expect(mappingProblems(pipeline({ score: 3.5, firstTag: '{{ score.label }}', tone: 'warm' }), schemas)).toEqual([]);
  });

  it('names the node and field of a reference whose type does not fit, and one to a field the output lacks', () => {
    expect(mappingProblems(pipeline({ score: '{{ score.qualified }}' }), schemas)).toEqual([
      { node: 'write', field: 'score', message: 'takes number, but {{ score.qualified }} is boolean' },
    ]);
    expect(mappingProblems(pipeline({ score: '{{ score.totl }}' }), schemas)).toEqual([
      { node: 'write', field: 'score', message: '"totl" is not in the output of score (test.score)' },
    ]);
    expect(mappingProblems(pipeline({ score: 1, firstTag: '{{ score.tags }}' }), schemas)).toEqual([
      { node: 'write', field: 'firstTag', message: 'takes string, but {{ score.tags }} is array' },
    ]);
  });

  it('refuses constants of the wrong type or outside an enum, unknown fields of a closed input, and a required field left out', () => {
    expect(mappingProblems(pipeline({ score: 'high', tone: 'loud', colour: 'red', about: 'Ada' }), schemas)).toEqual([
      { node: 'write', field: 'score', message: 'takes number, not string "high"' },
      { node: 'write', field: 'tone', message: 'must be one of "warm", "plain"' },
      { node: 'write', field: 'colour', message: 'is not a field of this input (it has score, tone, firstTag, about)' },
      { node: 'write', field: 'about', message: 'takes object, not string "Ada"' },
    ]);
    expect(mappingProblems(pipeline({ tone: 'warm' }), schemas)).toEqual([
      { node: 'write', field: 'score', message: 'is required: map it' },
    ]);
  });

  it('checks conditions: the field exists, numbers for gt/lt, and a value of the field’s type for eq', () => {
    expect(mappingProblems(pipeline({ score: 1 }, { path: 'score.total', op: 'gte', value: 70 }), schemas)).toEqual([]);
    expect(mappingProblems(pipeline({ score: 1 }, { path: 'score.qualified', op: 'gt', value: 1 }), schemas)).toEqual([
      { node: 'write', field: 'when', message: '"gt" compares numbers, but score.qualified is boolean' },
    ]);
    expect(mappingProblems(pipeline({ score: 1 }, { path: 'score.qualified', op: 'eq', value: 'yes' }), schemas)).toEqual([
      { node: 'write', field: 'when', message: 'score.qualified is boolean, never string "yes"' },
    ]);
    expect(mappingProblems(pipeline({ score: 1 }, { path: 'score.nope', op: 'exists' }), schemas)).toEqual([
      { node: 'write', field: 'when', message: '"nope" is not in the output of score (test.score)' },
    ]);
  });

  it('reads types through unions and paths through objects and arrays', () => {
    const output = json(z.object({ a: z.object({ b: z.array(z.number()) }).nullable() }), 'output');
    expect(typesOf(schemaAt(output, 'a.b.0') ?? undefined)).toEqual(['number']);
    expect(schemaAt(output, 'a.c')).toBeUndefined(); // zod's output objects are closed: it has no such field
    expect(schemaAt(json(z.looseObject({ a: z.string() }), 'output'), 'b')).toEqual({}); // an open one may: nothing can be said
    expect(schemaAt(output, 'a.b.0.x')).toBeUndefined(); // a number has no fields
    expect(typesOf({})).toBeNull();
  });

  it('finds nothing wrong with the built-in prospect pipeline, and names the step and field when its copy is fed a score', () => {
    const index = PluginHost.load(installedPlugins).activityIndex(BUILTIN_ACTIVITIES);
    expect(definitionProblems(PROSPECT_PIPELINE, index)).toEqual([]);
    const broken: PipelineDefinition = {
      ...PROSPECT_PIPELINE,
      nodes: PROSPECT_PIPELINE.nodes.map((node) =>
        node.id === 'copy' ? { ...node, input: { ...(node.input as object), prospect: '{{ score.totalScore }}' } } : node,
      ),
    };
    expect(definitionProblems(broken, index)).toEqual([
      { at: 'nodes.copy.input.prospect', message: 'node "copy" field "prospect" takes object, but {{ score.totalScore }} is integer' },
    ]);
    // The apply step is typed like a plugin's: its score is the scoring step's whole output, its industry a string or null.
    const misapplied: PipelineDefinition = {
      ...PROSPECT_PIPELINE,
      nodes: PROSPECT_PIPELINE.nodes.map((node) =>
        node.id === 'apply'
          ? { ...node, input: { ...(node.input as object), score: '{{ score.totalScore }}', industry: '{{ research.techStack }}' } }
          : node,
      ),
    };
    expect(definitionProblems(misapplied, index)).toEqual([
      { at: 'nodes.apply.input.score', message: 'node "apply" field "score" takes object, but {{ score.totalScore }} is integer' },
      {
        at: 'nodes.apply.input.industry',
        message: 'node "apply" field "industry" takes string or null, but {{ research.techStack }} is array',
      },
    ]);
  });
});
