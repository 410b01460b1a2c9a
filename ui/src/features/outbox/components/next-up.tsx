import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import { nextUpQueryOptions, type NextUpItem } from '../api/next-up-api.ts';
import { sendingConfigQueryOptions, type SendingMode } from '../api/sending-api.ts';
import { nextUpWhat, nextUpWhen } from '../utils/next-up-text.ts';
import { prospectName, prospectRole, stepLabel } from '../utils/review-text.ts';

/**
 * What comes up next, soonest first, while the queue is empty or short: the sequences' next
 * steps (written on their day in the cadence, then waiting here in review mode) and the emails
 * waiting for their send, each with who, which email, when, and why it waits until then.
 */
export function NextUp() {
  const next = useQuery(nextUpQueryOptions());
  const mode = useQuery(sendingConfigQueryOptions()).data?.mode;
  return (
    <section aria-labelledby="next-up-title" className="card bg-base-100 shadow-sm" data-testid="next-up">
      <div className="card-body gap-3 p-4">
        <div>
          <h2 id="next-up-title" className="card-title text-base">
            What comes up next
          </h2>
          <p className="text-sm text-base-content/70">
            The next emails your sequences write or send, soonest first, across every campaign.
          </p>
        </div>
        {next.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-label="Loading what comes up next" />
        ) : next.isError ? (
          <ErrorAlert message={next.error.message} />
        ) : next.data.items.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="next-up-empty">
            Nothing is scheduled: no sequence has a step coming up, and no email waits for its send.
          </p>
        ) : (
          <ol className="flex flex-col divide-y divide-base-200" aria-labelledby="next-up-title">
            {next.data.items.map((item) => (
              <NextUpRow key={`${item.prospectId}-${item.step}`} item={item} mode={mode} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function NextUpRow({ item, mode }: { item: NextUpItem; mode: SendingMode | undefined }) {
  return (
    <li className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:gap-4" data-testid="next-up-item">
      <time
        className="shrink-0 text-sm font-semibold tabular-nums sm:w-36"
        dateTime={item.at ?? undefined}
        title={item.at ? formatDateTime(item.at) : undefined}
        data-testid="next-up-when"
      >
        {nextUpWhen(item)}
      </time>
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words">
          <span className="font-medium">{prospectName(item)}</span>
          {item.prospect && <span className="text-base-content/70"> · {prospectRole(item.prospect)}</span>}
        </p>
        <p className="text-xs text-base-content/70">
          {stepLabel(item.step)}
          {item.campaign ? ` · ${item.campaign.name}` : ''}
        </p>
        <p className="break-words text-base-content/80" data-testid="next-up-why">
          {nextUpWhat(item, mode)}
        </p>
      </div>
    </li>
  );
}
