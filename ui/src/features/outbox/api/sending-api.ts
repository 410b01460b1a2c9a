import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { GetApiConfigSendingResponse } from '../../../lib/api-types.generated.ts';

/** GET /api/config/sending: the workspace's sending settings (the mode and open-tracking switches this screen flips, and the guardrails it passes back untouched). */
type SendingEntry = Extract<GetApiConfigSendingResponse, { configKey: 'sending' }>;
export type SendingConfig = SendingEntry['configValue'];

/** Review: every email waits for a person's approval. Autonomous: emails go out without one, within the sending guardrails. */
export type SendingMode = SendingConfig['mode'];

/** The switches this screen changes; every other field is sent back as it is. */
export type SendingChange = Partial<Pick<SendingConfig, 'mode' | 'trackOpens'>>;

export const sendingKeys = { config: ['review-queue', 'sending'] as const };

/** GET /api/config/sending's value. */
export const sendingConfigQueryOptions = () =>
  queryOptions({
    queryKey: sendingKeys.config,
    queryFn: async ({ signal }) => (await apiRequest<SendingEntry>('/api/config/sending', { signal })).configValue,
  });

/**
 * PUT /api/config/sending with only the given switches changed (admins). The whole value is read
 * afresh first, so guardrails someone changed since the page loaded are not put back.
 */
export function useUpdateSending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SendingChange) => {
      const current = await queryClient.fetchQuery(sendingConfigQueryOptions());
      return apiRequest<unknown>('/api/config/sending', { method: 'PUT', body: { configValue: { ...current, ...change } } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sendingKeys.config }),
  });
}
