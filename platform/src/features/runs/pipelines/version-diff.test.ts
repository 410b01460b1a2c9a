import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { describe, expect, it } from 'vitest';
import { PROSPECT_PIPELINE } from '../../prospecting/superagent/prospect-pipeline.ts';
import { versionDiff } from './version-diff.ts';

const v1: PipelineDefinition = {
  id: 'p',
  name: 'P',
  version: 1,
  nodes: [
    { id: 'a', activity: 'x.one', input: { name: '{{ input.name }}', limits: { max: 3, min: 1 } } },
    { id: 'b', activity: 'x.two', input: { from: '{{ a.out }}' }, when: { path: 'a.ok', op: 'eq', value: true } },
    { id: 'c', activity: 'x.three', input: {} },
  ],
  edges: [
    { from: 'a', to: 'b' },
    { from: 'a', to: 'c' },
  ],
};

describe('the version diff', () => {
  it('is empty between a version and itself, whatever the order of its keys', () => {
    const reordered = {
      ...v1,
      nodes: v1.nodes.map((node) => ({
        input: node.input,
        activity: node.activity,
        id: node.id,
        ...(node.when ? { when: node.when } : {}),
      })),
    };
    expect(versionDiff(v1, reordered)).toEqual({ nodes: { added: [], removed: [], changed: [] }, edges: { added: [], removed: [] } });
  });

  it('lists nodes added, removed and changed (with the fields that changed), and edges added and removed', () => {
    const v2: PipelineDefinition = {
      ...v1,
      version: 2,
      nodes: [
        { id: 'a', activity: 'x.one', input: { name: '{{ input.fullName }}', limits: { max: 5, min: 1 }, extra: true } },
        { id: 'b', activity: 'x.twoBetter', input: { from: '{{ a.out }}' } },
        { id: 'd', activity: 'x.four', input: {} },
      ],
      edges: [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'd' },
      ],
    };
    expect(versionDiff(v1, v2)).toEqual({
      nodes: {
        added: ['d'],
        removed: ['c'],
        changed: [
          { id: 'a', changes: ['input.extra', 'input.limits.max', 'input.name'] },
          { id: 'b', changes: ['activity', 'when'] },
        ],
      },
      edges: { added: [{ from: 'b', to: 'd' }], removed: [{ from: 'a', to: 'c' }] },
    });
  });

  it('sees a step inserted into the prospect pipeline as one node and its rewired edges', () => {
    const inserted: PipelineDefinition = {
      ...PROSPECT_PIPELINE,
      nodes: [...PROSPECT_PIPELINE.nodes, { id: 'classify', activity: 'engagement-analysis.classifyReply', input: {} }],
      edges: [
        ...PROSPECT_PIPELINE.edges.filter((edge) => !(edge.from === 'decide' && edge.to === 'copy')),
        { from: 'decide', to: 'classify' },
        { from: 'classify', to: 'copy' },
      ],
    };
    expect(versionDiff(PROSPECT_PIPELINE, inserted)).toEqual({
      nodes: { added: ['classify'], removed: [], changed: [] },
      edges: {
        added: [
          { from: 'decide', to: 'classify' },
          { from: 'classify', to: 'copy' },
        ],
        removed: [{ from: 'decide', to: 'copy' }],
      },
    });
  });

  it('counts changed retry settings as a change, and a step moved on the canvas as none', () => {
    const [first, ...rest] = PROSPECT_PIPELINE.nodes;
    const moved: PipelineDefinition = { ...PROSPECT_PIPELINE, nodes: [{ ...first!, position: { x: 300, y: 20 } }, ...rest] };
    expect(versionDiff(PROSPECT_PIPELINE, moved).nodes.changed).toEqual([]);
    const retried: PipelineDefinition = { ...moved, nodes: [{ ...first!, retry: { maximumAttempts: 2 } }, ...rest] };
    expect(versionDiff(moved, retried).nodes.changed).toEqual([{ id: first!.id, changes: ['retry'] }]);
  });

  it("lists a step's own plugin settings that changed as config.<field>, nested ones by their path", () => {
    const [first, second, ...rest] = PROSPECT_PIPELINE.nodes;
    const configured: PipelineDefinition = {
      ...PROSPECT_PIPELINE,
      nodes: [
        { ...first!, config: { maxPages: 3 } },
        { ...second!, config: { qualificationThreshold: 80, scoringWeights: { a: 1, b: 2 } } },
        ...rest,
      ],
    };
    expect(versionDiff(PROSPECT_PIPELINE, configured).nodes.changed).toEqual([
      { id: first!.id, changes: ['config.maxPages'] },
      { id: second!.id, changes: ['config.qualificationThreshold', 'config.scoringWeights'] },
    ]);
    const retuned: PipelineDefinition = {
      ...configured,
      nodes: [first!, { ...second!, config: { scoringWeights: { b: 2, a: 3 }, qualificationThreshold: 80 } }, ...rest],
    };
    expect(versionDiff(configured, retuned).nodes.changed).toEqual([
      { id: first!.id, changes: ['config.maxPages'] },
      { id: second!.id, changes: ['config.scoringWeights.a'] },
    ]);
    // An empty config is no config.
    expect(
      versionDiff(PROSPECT_PIPELINE, { ...PROSPECT_PIPELINE, nodes: [{ ...first!, config: {} }, second!, ...rest] }).nodes.changed,
    ).toEqual([]);
  });
});
