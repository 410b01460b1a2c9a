import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import { OneTimeSecret } from '../../members/index.ts';
import {
  deliveriesQueryOptions,
  endpointsQueryOptions,
  EVENT_TYPES,
  useAddEndpoint,
  useChangeEndpoint,
  useDeleteEndpoint,
  useReplayDelivery,
  useRotateSecret,
  type EventType,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/webhooks-api.ts';

/** /settings/webhooks: admins add, rotate, disable and delete endpoints; every member reads them and the delivery log. */
export function WebhooksPage() {
  const role = useCurrentRole();
  const admin = role ? roleAtLeast(role, 'admin') : false;
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Webhooks" subtitle="Signed events sent to your own systems when prospects, emails, replies and meetings change." />
      {secret && <SecretPanel url={secret.url} value={secret.value} onDone={() => setSecret(null)} />}
      {admin ? (
        <AddEndpointCard onCreated={(url, value) => setSecret({ url, value })} />
      ) : (
        <p className="text-sm text-base-content/70" data-testid="webhooks-admins-only">
          Only admins and owners add or change webhooks; you can read them and their deliveries.
        </p>
      )}
      <EndpointsCard admin={admin} onRotated={(url, value) => setSecret({ url, value })} />
      <DeliveriesCard admin={admin} />
    </div>
  );
}

/** The signing secret, shown this once, with Copy. */
function SecretPanel({ url, value, onDone }: { url: string; value: string; onDone: () => void }) {
  return (
    <OneTimeSecret label={`Signing secret for ${url}`} value={value} testId="webhook-secret" kept="encrypted" onDone={onDone}>
      <p className="text-sm">
        Verify the <code>Meetflow-Signature</code> header with it (README, "Webhooks").
      </p>
    </OneTimeSecret>
  );
}

function AddEndpointCard({ onCreated }: { onCreated: (url: string, secret: string) => void }) {
  const add = useAddEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>([...EVENT_TYPES]);
  const [description, setDescription] = useState('');
  const urlId = useId();
  const descriptionId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url: url.trim(), events, description },
      {
        onSuccess: (created) => {
          onCreated(created.endpoint.url, created.secret);
          setUrl('');
          setDescription('');
        },
      },
    );
  };
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="add-webhook-title">
      <form className="card-body gap-4 p-5" onSubmit={submit}>
        <h2 id="add-webhook-title" className="card-title text-base">
          Add an endpoint
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={urlId} className="text-sm font-medium">
            URL
          </label>
          <input
            id={urlId}
            className="input w-full"
            type="url"
            required
            placeholder="https://example.com/meetflow-events"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Events</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={events.includes(type)}
                  onChange={(event) => setEvents(event.target.checked ? [...events, type] : events.filter((kept) => kept !== type))}
                />
                <code>{type}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={descriptionId} className="text-sm font-medium">
            Description (optional)
          </label>
          <input id={descriptionId} className="input w-full" value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        {add.isError && <ErrorAlert message={refusalText(add.error)} />}
        <div>
          <button type="submit" className="btn btn-primary" disabled={add.isPending || events.length === 0}>
            Add endpoint
          </button>
        </div>
      </form>
    </section>
  );
}

function EndpointsCard({ admin, onRotated }: { admin: boolean; onRotated: (url: string, secret: string) => void }) {
  const endpoints = useQuery(endpointsQueryOptions());
  const change = useChangeEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const toast = useToast();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const failed = (error: unknown) => toast({ title: 'Not done', description: refusalText(error), tone: 'error' });
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="endpoints-title">
      <div className="card-body gap-4 p-5">
        <h2 id="endpoints-title" className="card-title text-base">
          Endpoints
        </h2>
        {endpoints.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading endpoints" />
        ) : endpoints.isError ? (
          <ErrorAlert message={endpoints.error.message} />
        ) : endpoints.data.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="webhooks-empty">
            No endpoints yet. Add one to receive events as they happen.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <li key={endpoint.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="webhook-row">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="font-medium wrap-anywhere">{endpoint.url}</p>
                  <p className="text-sm text-base-content/70 wrap-anywhere">
                    {endpoint.events.join(', ')}
                    {endpoint.description ? ` · ${endpoint.description}` : ''}
                  </p>
                  {endpoint.disabledReason && <p className="text-sm text-error">Disabled: {endpoint.disabledReason}</p>}
                  {endpoint.previousSecretUntil && (
                    <p className="text-sm text-base-content/70">
                      The old secret also signs until {formatDate(endpoint.previousSecretUntil, { time: true })}
                    </p>
                  )}
                </div>
                <span className={`badge ${endpoint.enabled ? 'badge-success' : 'badge-ghost'} whitespace-nowrap`}>
                  {endpoint.enabled ? 'Enabled' : 'Disabled'}
                </span>
                {admin && (
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() => change.mutate({ id: endpoint.id, patch: { enabled: !endpoint.enabled } }, { onError: failed })}
                    >
                      {endpoint.enabled ? 'Disable' : 'Enable'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() =>
                        rotate.mutate(endpoint.id, {
                          onSuccess: (rotated) => onRotated(rotated.endpoint.url, rotated.secret),
                          onError: failed,
                        })
                      }
                    >
                      Rotate secret
                    </button>
                    <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => setDeleting(endpoint)}>
                      Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onError: failed });
          setDeleting(null);
        }}
      >
        <p className="text-sm wrap-anywhere">
          {deleting?.url} receives nothing more; deliveries still waiting for it are cancelled. The log keeps its past deliveries.
        </p>
      </ConfirmDialog>
    </section>
  );
}

const STATUS_BADGE: Record<WebhookDelivery['status'], string> = {
  pending: 'badge-warning',
  delivered: 'badge-success',
  failed: 'badge-error',
  cancelled: 'badge-ghost',
};

function DeliveriesCard({ admin }: { admin: boolean }) {
  const deliveries = useQuery(deliveriesQueryOptions());
  const replay = useReplayDelivery();
  const toast = useToast();
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="deliveries-title">
      <div className="card-body gap-4 p-5">
        <h2 id="deliveries-title" className="card-title text-base">
          Delivery log
        </h2>
        {deliveries.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading deliveries" />
        ) : deliveries.isError ? (
          <ErrorAlert message={deliveries.error.message} />
        ) : deliveries.data.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="deliveries-empty">
            No deliveries yet: they appear here as events are sent.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200" aria-label="Webhook deliveries">
            {deliveries.data.map((delivery) => {
              const last = delivery.attempts.at(-1);
              return (
                <li key={delivery.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="delivery-row">
                  <div className="min-w-0 flex-1 basis-64">
                    <p className="font-medium">
                      <code>{delivery.eventType}</code>
                      {delivery.replayOf ? <span className="text-sm text-base-content/70"> · replay</span> : null}
                    </p>
                    <p className="text-sm text-base-content/70 wrap-anywhere">
                      {formatDate(delivery.createdAt, { time: true })} · {delivery.attempts.length}{' '}
                      {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
                      {last ? ` · last: ${last.status ?? last.error ?? 'no answer'} in ${last.durationMs} ms` : ''}
                      {delivery.reason ? ` · ${delivery.reason}` : ''}
                    </p>
                    <p className="text-xs text-base-content/60 wrap-anywhere">
                      Event <code>{delivery.eventId}</code>
                    </p>
                  </div>
                  <span className={`badge ${STATUS_BADGE[delivery.status]} whitespace-nowrap`} data-testid="delivery-status">
                    {delivery.status}
                  </span>
                  {admin && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      onClick={() =>
                        replay.mutate(delivery.id, {
                          onSuccess: () =>
                            toast({ title: 'Replay queued', description: `Event ${delivery.eventId} is sent again.`, tone: 'success' }),
                          onError: (error) => toast({ title: 'Not replayed', description: refusalText(error), tone: 'error' }),
                        })
                      }
                    >
                      Replay
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
