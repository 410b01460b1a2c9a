import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  DeleteApiWebhooksIdResponse,
  GetApiWebhooksDeliveriesResponse,
  GetApiWebhooksResponse,
  PatchApiWebhooksIdBody,
  PatchApiWebhooksIdResponse,
  PostApiWebhooksBody,
  PostApiWebhooksDeliveriesIdReplayResponse,
  PostApiWebhooksIdRotateSecretResponse,
  PostApiWebhooksResponse,
} from '../../../lib/api-types.generated.ts';

/** One of the workspace's endpoints (GET /api/webhooks): never its secret. */
export type WebhookEndpoint = GetApiWebhooksResponse[number];
export type WebhookDelivery = GetApiWebhooksDeliveriesResponse[number];
export type EventType = WebhookEndpoint['events'][number];
/** An endpoint with its secret: the only time the secret is shown (creation, rotation). */
export type WithSecret = PostApiWebhooksResponse | PostApiWebhooksIdRotateSecretResponse;

export const EVENT_TYPES: readonly EventType[] = [
  'prospect.created',
  'prospect.stage_changed',
  'email.sent',
  'reply.received',
  'meeting.booked',
  'meeting.cancelled',
];

export const webhookKeys = { all: ['webhooks'] as const, deliveries: ['webhooks', 'deliveries'] as const };

export const endpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => apiRequest<GetApiWebhooksResponse>('/api/webhooks', { signal }),
  });

/** The delivery log, newest first; refreshed every 5 s while the page is open, so a new delivery shows up. */
export const deliveriesQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.deliveries,
    queryFn: ({ signal }) => apiRequest<GetApiWebhooksDeliveriesResponse>('/api/webhooks/deliveries?limit=50', { signal }),
    refetchInterval: 5_000,
  });

function useWebhookMutation<Input, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useAddEndpoint = () =>
  useWebhookMutation((input: PostApiWebhooksBody) => apiRequest<PostApiWebhooksResponse>('/api/webhooks', { method: 'POST', body: input }));
export const useChangeEndpoint = () =>
  useWebhookMutation(({ id, patch }: { id: string; patch: PatchApiWebhooksIdBody }) =>
    apiRequest<PatchApiWebhooksIdResponse>(`/api/webhooks/${id}`, { method: 'PATCH', body: patch }),
  );
export const useRotateSecret = () =>
  useWebhookMutation((id: string) =>
    apiRequest<PostApiWebhooksIdRotateSecretResponse>(`/api/webhooks/${id}/rotate-secret`, { method: 'POST' }),
  );
export const useDeleteEndpoint = () =>
  useWebhookMutation((id: string) => apiRequest<DeleteApiWebhooksIdResponse>(`/api/webhooks/${id}`, { method: 'DELETE' }));
export const useReplayDelivery = () =>
  useWebhookMutation((id: string) =>
    apiRequest<PostApiWebhooksDeliveriesIdReplayResponse>(`/api/webhooks/deliveries/${id}/replay`, { method: 'POST' }),
  );
