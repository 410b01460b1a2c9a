import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Review: every email waits for a person's approval. Autonomous: emails go out without one, within the sending guardrails. */
export type SendingMode = 'review' | 'autonomous';

/** The workspace's sending settings: the mode this screen switches, and the guardrails it passes back untouched. */
export interface SendingConfig {
  mode: SendingMode;
  [field: string]: unknown;
}

export const sendingKeys = { config: ['review-queue', 'sending'] as const };

/** GET /api/config/sending's value. */
export const sendingConfigQueryOptions = () =>
  queryOptions({
    queryKey: sendingKeys.config,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ configKey: 'sending'; configValue: SendingConfig }>('/api/config/sending', { signal })).configValue,
  });

/**
 * PUT /api/config/sending with only the mode changed (admins). The value is read afresh first, so
 * guardrails someone changed since the page loaded are not put back.
 */
export function useSetSendingMode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mode: SendingMode) => {
      const current = await queryClient.fetchQuery(sendingConfigQueryOptions());
      return apiRequest<unknown>('/api/config/sending', { method: 'PUT', body: { configValue: { ...current, mode } } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sendingKeys.config }),
  });
}
