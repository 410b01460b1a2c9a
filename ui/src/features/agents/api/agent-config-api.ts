import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiAgentsSettingsResponse,
  GetApiAgentsStatusResponse,
  GetApiConfigResponse,
  PutApiConfigLearningSettingsBody,
  PutApiConfigScoringWeightsBody,
} from '../../../lib/api-types.generated.ts';

/** The lead-scoring weights as the API holds them: fractions summing to 1. */
export type ScoringWeights = PutApiConfigScoringWeightsBody['configValue'];
/** The three Learning Configuration switches. */
export type LearningSettings = PutApiConfigLearningSettingsBody['configValue'];
/** GET /api/config, the two keys this screen edits (others pass through untouched). */
export type ConfigEntry = GetApiConfigResponse[number];
/** GET /api/agents/settings. */
export type AgentSettings = GetApiAgentsSettingsResponse;
/** GET /api/agents/status item. */
export type AgentStatusEntry = GetApiAgentsStatusResponse[number];

/** Query keys; the dashboard and the sidebar read the same config and status keys' paths. */
export const agentConfigKeys = { config: ['agent-config', 'config'] as const, settings: ['agent-config', 'settings'] as const };

/** The config entries in force. */
export const configQueryOptions = () =>
  queryOptions({
    queryKey: agentConfigKeys.config,
    queryFn: ({ signal }) => apiRequest<GetApiConfigResponse>('/api/config', { signal }),
  });
/** The read-only advanced settings. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: agentConfigKeys.settings,
    queryFn: ({ signal }) => apiRequest<AgentSettings>('/api/agents/settings', { signal }),
  });
/** Every agent's live status and measured performance (the sidebar's key, refreshed with it). */
export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['agents', 'status'],
    queryFn: ({ signal }) => apiRequest<GetApiAgentsStatusResponse>('/api/agents/status', { signal }),
    refetchInterval: 30_000,
  });

/** What Save sends: only the keys that changed. */
export interface ConfigChanges {
  scoringWeights?: ScoringWeights;
  learningSettings?: LearningSettings;
}

/** Saves the changed keys one by one (PUT /api/config/:key); the first refusal stops and is thrown with its key. */
export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: ConfigChanges) => {
      for (const [key, configValue] of Object.entries(changes)) {
        try {
          await apiRequest(`/api/config/${key}`, { method: 'PUT', body: { configValue } });
        } catch (error) {
          throw Object.assign(error as Error, { configKey: key });
        }
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentConfigKeys.config }),
  });
}

/** Puts both keys back to their defaults (DELETE /api/config/:key). */
export function useResetConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      for (const key of ['scoringWeights', 'learningSettings']) await apiRequest(`/api/config/${key}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentConfigKeys.config }),
  });
}
