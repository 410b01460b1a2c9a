import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import { z } from 'zod';
import type { LlmSettings } from '../../../core/config.ts';
import type { PluginHost } from '../../runs/services.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';

/** The learning engine's settings the /agents screen shows (its config schema owns them and their defaults). */
const LearningEngineSettings = z.object({ minConfidence: z.number(), minSampleSize: z.number().int(), learningRate: z.number() });

/** GET /api/agents/settings: the /agents "Advanced Settings", read-only. */
export const AgentSettingsSchema = z.object({
  model: z.string().nullable().describe("The copywriter's LLM model; null when no LLM endpoint is configured"),
  llmConfigured: z.boolean().describe('Whether an OpenAI-compatible endpoint is configured (MEETFLOW_LLM_BASE_URL)'),
  temperature: z.number().describe("The copywriter's sampling temperature (MEETFLOW_LLM_TEMPERATURE)"),
  maxTokens: z.number().int().describe("The copywriter's token limit per answer (MEETFLOW_LLM_MAX_TOKENS)"),
  minConfidence: z
    .number()
    .nullable()
    .describe('Confidence (0–1) a learning proposal needs to be applied automatically; null without the learning engine'),
  minSampleSize: z.number().int().nullable().describe('Contacted prospects needed before the scoring weights are refitted from meetings'),
  learningRate: z
    .number()
    .nullable()
    .describe(
      'Share of the way (0–1] from the scoring weights in force to those refitted from meetings an applied refit moves; null without the learning engine',
    ),
});

/** What the settings are read from: the start-up configuration and the plugins' parsed configs. */
export interface AgentSettingsDeps {
  host: PluginHost;
  llm: { configured: boolean; settings: LlmSettings };
}

/** The Advanced Settings as configured: the LLM's from the environment, the learning engine's from its plugin config. */
export function agentSettings({ host, llm }: AgentSettingsDeps): z.output<typeof AgentSettingsSchema> {
  const learning = host.installed(LEARNING_ENGINE.plugin) ? LearningEngineSettings.parse(host.config(LEARNING_ENGINE.plugin)) : null;
  return {
    model: llm.configured ? llm.settings.model : null,
    llmConfigured: llm.configured,
    temperature: llm.settings.temperature,
    maxTokens: llm.settings.maxTokens,
    minConfidence: learning?.minConfidence ?? null,
    minSampleSize: learning?.minSampleSize ?? null,
    learningRate: learning?.learningRate ?? null,
  };
}

/** /api/agents/settings. */
export const agentSettingsRoutes = [
  route<AgentSettingsDeps>(
    {
      method: 'get',
      path: '/api/agents/settings',
      access: 'viewer',
      summary: "The agents' advanced settings in force (read-only: set through the environment and plugin config)",
      tags: ['agents'],
      responses: { 200: { description: 'The settings', schema: AgentSettingsSchema } },
    },
    (deps) => {
      const settings = agentSettings(deps); // fixed for the process: both sources are read once at start-up
      return (ctx) => {
        ctx.body = settings;
      };
    },
  ),
];

export const agentSettingsRouter = (deps: AgentSettingsDeps) => routerOf(agentSettingsRoutes, deps);
