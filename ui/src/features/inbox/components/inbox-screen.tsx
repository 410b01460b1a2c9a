import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { roleAtLeast, roleLabel, useCurrentRole } from '../../auth/index.ts';
import { HeldReplies } from '../../outbox/index.ts';
import { formatSoon } from '../../../utils/format.ts';
import { inboxQueryOptions, type InboxFilter, type InboxItem } from '../api/inbox-api.ts';
import { CATEGORY_FILTERS, categoryBadge, RESOLUTION_TEXT } from '../utils/inbox-text.ts';
import { InboxDetail } from './inbox-detail.tsx';

const FILTERS: ReadonlyArray<{ value: InboxFilter; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];

/** One reply in the list: who, what it means, a line of it, when. */
function InboxRow({ item, selected, onSelect }: { item: InboxItem; selected: boolean; onSelect: () => void }) {
  const badge = categoryBadge(item.category);
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full flex-col gap-1 rounded-box border p-3 text-left hover:bg-base-200 ${selected ? 'border-primary bg-base-200' : 'border-base-300 bg-base-100'}`}
      >
        <span className="flex w-full items-baseline justify-between gap-2">
          <span className="truncate font-medium">{item.prospect?.name ?? item.from}</span>
          <time className="shrink-0 text-xs text-base-content/70" dateTime={item.receivedAt}>
            {formatSoon(item.receivedAt)}
          </time>
        </span>
        <span className="truncate text-xs text-base-content/70">{item.prospect?.company ?? item.from}</span>
        <span className="flex flex-wrap items-center gap-1">
          <span className={`badge badge-sm ${badge.className}`}>{badge.label}</span>
          {item.proposedTimes.length > 0 && !item.meetingId && <span className="badge badge-sm badge-outline">Proposed a time</span>}
          {item.resolution && <span className="badge badge-sm badge-outline">{RESOLUTION_TEXT[item.resolution]}</span>}
        </span>
        <span className="line-clamp-2 text-sm text-base-content/80">{item.text}</span>
      </button>
    </li>
  );
}

/**
 * The Inbox: every reply to the workspace's emails, newest first, threaded with what was sent and
 * classified by engagement analysis; open ones wait for someone to book the time they propose,
 * answer through the mailbox, or close them (not interested, suppress, archive).
 */
export function InboxScreen() {
  const [params, changeParams] = useUrlParams();
  const status = (FILTERS.find((filter) => filter.value === params.get('status'))?.value ?? 'open') as InboxFilter;
  const category = params.get('category') ?? '';
  const selected = params.get('reply');
  const list = useQuery(inboxQueryOptions(status, category));
  const role = useCurrentRole();
  const canAct = role !== null && roleAtLeast(role, 'sales-ops');
  const categoryId = useId();
  const update = (changes: Record<string, string | null>) =>
    changeParams((next) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const items = list.data?.items ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Inbox" subtitle="Every reply beside what you sent: book the time they propose, answer, or close it" />
      {role !== null && !canAct && (
        <p role="note" className="alert alert-info alert-soft" data-testid="inbox-read-only">
          You can read the Inbox; sales ops, admins and owners book, answer and close replies. Your role here is {roleLabel(role)}.
        </p>
      )}
      <HeldReplies canAct={canAct} />
      <div className="grid gap-6 lg:grid-cols-[minmax(18rem,26rem)_1fr]">
        <section aria-labelledby="inbox-list-title" className={`flex flex-col gap-3 ${selected ? 'max-lg:hidden' : ''}`}>
          <h2 id="inbox-list-title" className="sr-only">
            Replies
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <div className="join" role="group" aria-label="Show">
              {FILTERS.map((filter) => (
                <button
                  key={filter.value}
                  type="button"
                  className={`btn join-item btn-sm ${status === filter.value ? 'btn-active btn-primary' : ''}`}
                  aria-pressed={status === filter.value}
                  onClick={() => update({ status: filter.value === 'open' ? null : filter.value, reply: null })}
                >
                  {filter.label}
                  {filter.value === 'open' && list.data ? ` (${list.data.open})` : ''}
                </button>
              ))}
            </div>
            <label className="flex flex-col gap-1 text-sm" htmlFor={categoryId}>
              Category
              <select
                id={categoryId}
                className="select select-bordered select-sm"
                value={category}
                onChange={(event) => update({ category: event.target.value || null, reply: null })}
              >
                <option value="">All categories</option>
                {CATEGORY_FILTERS.map((filter) => (
                  <option key={filter.value} value={filter.value}>
                    {filter.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {list.isError && <ErrorAlert message={list.error.message} />}
          {list.isPending ? (
            <span className="loading loading-spinner loading-md" aria-label="Loading replies" />
          ) : items.length === 0 ? (
            <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="inbox-empty">
              <p className="font-medium">{status === 'open' ? 'Nothing waiting for you' : 'No replies here'}</p>
              <p className="text-sm text-base-content/70">
                Replies to your emails arrive here by themselves, from your mailboxes (IMAP) or the inbound webhook.
              </p>
            </div>
          ) : (
            <ul className="flex flex-col gap-2" aria-label={`${FILTERS.find((filter) => filter.value === status)?.label} replies`}>
              {items.map((item) => (
                <InboxRow key={item.id} item={item} selected={item.id === selected} onSelect={() => update({ reply: item.id })} />
              ))}
            </ul>
          )}
          {list.data && list.data.total > items.length && (
            <p className="text-sm text-base-content/70">
              Showing the newest {items.length} of {list.data.total}.
            </p>
          )}
        </section>
        <section aria-label="The reply" className={selected ? '' : 'max-lg:hidden'}>
          {selected ? (
            <InboxDetail id={selected} canAct={canAct} onBack={() => update({ reply: null })} />
          ) : (
            <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center text-sm text-base-content/70">
              Choose a reply to read the conversation and act on it.
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
