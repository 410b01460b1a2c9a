import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { describe, expect, it } from 'vitest';
import { BUILTIN_ACTIVITIES } from '../../steps.ts';
import { definitionProblems } from '../../runs/pipelines/definition.ts';
import { definitionToRerun } from '../../runs/pipelines/built-ins.ts';
import { BUILT_IN_PIPELINES } from '../../built-in-pipelines.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { APPLY_SCORE_ACTIVITY } from './apply-score.ts';
import { PROSPECT_PIPELINE, PROSPECT_PIPELINE_V2, PROSPECT_PIPELINE_V3, withAppliedScore } from './prospect-pipeline.ts';
import { DECIDE_ACTIVITY } from '../../insights/services.ts';

const activities = PluginHost.load(installedPlugins).activityIndex(BUILTIN_ACTIVITIES);
const withNode = (definition: PipelineDefinition, id: string, change: (node: PipelineDefinition['nodes'][number]) => object) => ({
  ...definition,
  nodes: definition.nodes.map((node) => (node.id === id ? { ...node, ...change(node) } : node)),
});

describe('the prospect pipeline applies its score as a step', () => {
  it('version 4: the apply step reads the score and the industry through typed mappings, after the score only', () => {
    expect(PROSPECT_PIPELINE.version).toBe(4);
    expect(definitionProblems(PROSPECT_PIPELINE, activities)).toEqual([]);
    expect(PROSPECT_PIPELINE.nodes.find((node) => node.id === 'apply')).toMatchObject({
      activity: APPLY_SCORE_ACTIVITY,
      input: { prospectId: '{{ input.prospectId }}', score: '{{ score }}', industry: '{{ research.industry }}' },
    });
    // Its only parent is the score: an unqualified prospect (copy skipped) is scored all the same.
    expect(PROSPECT_PIPELINE.edges.filter((edge) => edge.to === 'apply')).toEqual([{ from: 'score', to: 'apply' }]);
    expect(activities.get(APPLY_SCORE_ACTIVITY)).toMatchObject({ access: 'sales-ops' });
  });

  it('reruns a version 2 run (either form it was recorded in, however its steps were labelled or timed) as the current version', () => {
    const recorded = {
      ...PROSPECT_PIPELINE_V2,
      nodes: PROSPECT_PIPELINE_V2.nodes.map((node) => ({ ...node, label: `${node.label}!`, timeout: '30 seconds' })),
    };
    expect(definitionToRerun(BUILT_IN_PIPELINES, recorded)).toBe(PROSPECT_PIPELINE);
    const beforeRunContext = withNode(PROSPECT_PIPELINE_V2, 'outreach', (node) => ({
      input: { workspaceId: '{{ input.workspaceId }}', ...(node.input as object) },
    }));
    expect(definitionToRerun(BUILT_IN_PIPELINES, beforeRunContext)).toBe(PROSPECT_PIPELINE);
    // Version 3, and anything not under the built-in's id, runs as pinned.
    expect(definitionToRerun(BUILT_IN_PIPELINES, PROSPECT_PIPELINE)).toBe(PROSPECT_PIPELINE);
    const copy = { ...PROSPECT_PIPELINE_V2, id: 'prospect-pipeline-copy', version: 1 };
    expect(definitionToRerun(BUILT_IN_PIPELINES, copy)).toBe(copy);
  });

  it('gives a version saved under its id before version 3 the apply step, keeping its own steps and version', () => {
    const cadence = { step1: 0, step2: 5, step3: 7 };
    const saved = {
      ...withNode(PROSPECT_PIPELINE_V2, 'copy', (node) => ({ input: { ...(node.input as object), cadenceTiming: cadence } })),
      version: 4,
    };
    const upgraded = withAppliedScore(saved);
    expect(upgraded).toMatchObject({ id: 'prospect-pipeline', version: 4 });
    expect(upgraded.nodes.slice(0, 4)).toEqual(saved.nodes);
    expect(upgraded.nodes[4]).toEqual(PROSPECT_PIPELINE.nodes.find((node) => node.id === 'apply'));
    expect(upgraded.edges).toEqual([...saved.edges, { from: 'score', to: 'apply' }]);
    expect(definitionProblems(upgraded, activities)).toEqual([]);
    expect(withAppliedScore(upgraded)).toBe(upgraded); // once

    // Without research before the score, no industry is read; without a score step, nothing to apply.
    const scoreOnly: PipelineDefinition = { ...saved, nodes: saved.nodes.filter((node) => node.id === 'score'), edges: [] };
    expect(withAppliedScore(scoreOnly).nodes.at(-1)?.input).toEqual({ prospectId: '{{ input.prospectId }}', score: '{{ score }}' });
    const noScore: PipelineDefinition = { ...saved, nodes: saved.nodes.filter((node) => node.id === 'research'), edges: [] };
    expect(withAppliedScore(noScore)).toBe(noScore);
  });
});

describe('the prospect pipeline decides the first template before it writes (issue #33)', () => {
  it('version 4: a qualified prospect gets the experiment decision, whose template the copy step reads', () => {
    expect(definitionProblems(PROSPECT_PIPELINE, activities)).toEqual([]);
    expect(PROSPECT_PIPELINE.nodes.find((node) => node.id === 'decide')).toMatchObject({
      activity: DECIDE_ACTIVITY,
      when: { path: 'score.qualified', op: 'eq', value: true },
      input: { prospectId: '{{ input.prospectId }}' },
    });
    expect(PROSPECT_PIPELINE.nodes.find((node) => node.id === 'copy')?.input).toMatchObject({ firstTemplate: '{{ decide.template }}' });
    expect(PROSPECT_PIPELINE.edges.filter((edge) => edge.to === 'copy' || edge.to === 'decide')).toEqual([
      { from: 'score', to: 'decide' },
      { from: 'decide', to: 'copy' },
    ]);
    expect(activities.get(DECIDE_ACTIVITY)).toMatchObject({ access: 'sales-ops' });
  });

  it('version 3 is the same pipeline without the decision, and its runs rerun as pinned', () => {
    expect(PROSPECT_PIPELINE_V3.nodes.map((node) => node.id)).toEqual(['research', 'score', 'copy', 'outreach', 'apply']);
    expect(PROSPECT_PIPELINE_V3.edges).toEqual([
      { from: 'research', to: 'score' },
      { from: 'score', to: 'copy' },
      { from: 'copy', to: 'outreach' },
      { from: 'score', to: 'apply' },
    ]);
    expect(PROSPECT_PIPELINE_V3.nodes.find((node) => node.id === 'copy')?.input).not.toHaveProperty('firstTemplate');
    expect(definitionProblems(PROSPECT_PIPELINE_V3, activities)).toEqual([]);
    expect(definitionToRerun(BUILT_IN_PIPELINES, PROSPECT_PIPELINE_V3)).toBe(PROSPECT_PIPELINE_V3);
  });
});
