import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { learningEngineConfig } from './config.ts';
import { cycleSchema } from './cycles-store.ts';
import { learningCycleResult, listCyclesInput, listCyclesOutput, runLearningCycleInput } from './schemas.ts';

/** The learning engine: the meta-agent that tunes scoring weights, template rates and cadence from results. */
export const manifest = defineManifest({
  id: LEARNING_ENGINE.plugin,
  name: 'Learning Engine',
  version: '0.1.0',
  description:
    'Learns from outreach and meeting outcomes: Bayesian template rates, lead-scoring weights refitted from meetings (a learning-rate step towards the fit) ' +
    'and cadence retiming, applied automatically only at high confidence.',
  kind: 'agent',
  ui: { icon: 'brain', color: 'purple', category: 'learning', order: 60 },
  config: learningEngineConfig,
  activities: {
    runLearningCycle: {
      description: 'Runs one learning cycle over the outcomes since the last one; idempotent per cycleId.',
      access: 'internal',
      input: runLearningCycleInput,
      output: learningCycleResult,
      timeout: '1 minute',
    },
    listCycles: {
      description: "The workspace's learning cycles, newest first, with their insights and metrics.",
      access: 'public',
      input: listCyclesInput,
      output: listCyclesOutput,
      timeout: '10 seconds',
    },
  },
  collections: { cycles: cycleSchema },
});
