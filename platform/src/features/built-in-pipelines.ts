// The pipelines that ship with Meetflow, composed over every domain: the prospect pipeline
// (prospecting) and the learning cycle (runs), with how the editor's test run builds a prospect's
// input. The runs domain knows them only as given: the API's runner carries them (api/server.ts),
// so runs/pipelines never imports the domains above it.
import type { BuiltInPipelines } from './runs/pipelines/built-ins.ts';
import { LEARNING_CYCLE_PIPELINE } from './runs/pipelines/built-ins.ts';
import { prospectRunInput } from './prospecting/superagent/process-prospect.ts';
import { PROSPECT_BUILT_IN } from './prospecting/superagent/prospect-pipeline.ts';

/** Every built-in pipeline, in the order the pipelines list shows them, and the test run's prospect input. */
export const BUILT_IN_PIPELINES: BuiltInPipelines = {
  pipelines: [PROSPECT_BUILT_IN, LEARNING_CYCLE_PIPELINE],
  prospectRunInput,
};
