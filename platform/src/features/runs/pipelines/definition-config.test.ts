import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import { sourceApolloPlugin } from '@meetflow/plugin-source-apollo';
import { TEST_OWNER } from '../../../../dev/testing/principals.ts';
import { describe, expect, it } from 'vitest';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import { mathPlugin } from '../../../../dev/testing/math-plugin.ts';
import { PluginHost } from '../plugins/host.ts';
import { BUILTIN_ACTIVITIES } from '../../steps.ts';
import { definitionProblems, preparePipeline } from './definition.ts';

const host = PluginHost.load([mathPlugin, sourceApolloPlugin], { math: { factor: 4 }, 'source-apollo': { apiKey: 'sk-server' } });
const activities = host.activityIndex(BUILTIN_ACTIVITIES);

const withStep = (node: Record<string, unknown>): PipelineDefinition => ({
  id: 'settings',
  name: 'Settings',
  version: 1,
  nodes: [{ id: 'step', activity: 'math.scale', input: { n: 1 }, ...node }],
  edges: [],
});

describe("a step's own plugin settings", () => {
  it('pass when they parse over the server’s settings, and change nothing else in the prepared definition', () => {
    const definition = withStep({ config: { factor: 10 } });
    expect(definitionProblems(definition, activities)).toEqual([]);
    expect(preparePipeline(definition, activities, TEST_OWNER).nodes[0]).toMatchObject({ config: { factor: 10 } });
    expect(definitionProblems(withStep({ config: {} }), activities)).toEqual([]);
  });

  it('are reported at nodes.<id>.config.<field>: a field the plugin does not have, and a value its schema refuses', () => {
    expect(definitionProblems(withStep({ config: { factor: 5000, colour: 'red' } }), activities)).toEqual([
      { at: 'nodes.step.config.colour', message: 'node "step" config field "colour": is not a setting of Math (it has factor)' },
      { at: 'nodes.step.config.factor', message: 'node "step" config field "factor": Too big: expected number to be <=1000' },
    ]);
    expect(definitionProblems(withStep({ config: { factor: 'ten' } }), activities)).toEqual([
      { at: 'nodes.step.config.factor', message: 'node "step" config field "factor": Invalid input: expected number, received string' },
    ]);
  });

  it('never hold a secret: a field the SDK marks server-only and a source credential are refused, saying why', () => {
    expect(definitionProblems(withStep({ config: { token: 't0ken' } }), activities)).toEqual([
      {
        at: 'nodes.step.config.token',
        message:
          'node "step" config field "token": holds a secret, so it is set in the server\'s settings only (MEETFLOW_PLUGINS_CONFIG), never in a step: a pipeline\'s definition is written into workflow histories, where no secret may go',
      },
    ]);
    const source = withStep({
      activity: 'source-apollo.searchPeople',
      input: { criteria: {} },
      config: { apiKey: 'sk-mine', baseUrl: 'https://collector.example', requestsPerMinute: 10 },
    });
    expect(definitionProblems(source, activities).map((problem) => problem.at)).toEqual([
      'nodes.step.config.apiKey',
      'nodes.step.config.baseUrl',
    ]);
    expect(definitionProblems(source, activities)[0]!.message).toMatch(
      /^node "step" config field "apiKey": holds a credential \(API key\) of Apollo\.io/,
    );
    expect(() => preparePipeline(source, activities, TEST_OWNER)).toThrow(UnprocessableError);
  });

  it("are refused on a built-in step, which has no plugin's settings", () => {
    const builtIn = withStep({ activity: 'platform.enrollSequence', input: {}, config: { factor: 2 } });
    expect(definitionProblems(builtIn, activities).filter((problem) => problem.at.includes('config'))).toEqual([
      {
        at: 'nodes.step.config',
        message: 'node "step" config: this step\'s activity (platform.enrollSequence) is the platform\'s own and takes no settings',
      },
    ]);
  });
});
