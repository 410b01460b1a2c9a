import { useQuery } from '@tanstack/react-query';
import { outboxCountQueryOptions } from '../api/outbox-api.ts';
import { REVIEW_TABS, type ReviewTab } from '../utils/review-filters.ts';
import { formatNumber } from '../../../utils/format.ts';

/** The id of the panel the tabs control (the list). */
export const REVIEW_PANEL_ID = 'review-panel';

/** The tab's button id, which names the panel. */
export const tabId = (status: ReviewTab) => `review-tab-${status}`;

interface StatusTabsProps {
  value: ReviewTab;
  campaignId: number | null;
  onChange: (status: ReviewTab) => void;
}

/** The status tabs, each with how many emails it holds under the campaign filter (once known); on a phone they wrap onto a second row. */
export function StatusTabs({ value, campaignId, onChange }: StatusTabsProps) {
  return (
    <div role="tablist" aria-label="Status" className="tabs tabs-box w-full sm:w-fit">
      {REVIEW_TABS.map((tab) => (
        <StatusTab
          key={tab.status}
          {...tab}
          campaignId={campaignId}
          selected={tab.status === value}
          onSelect={() => onChange(tab.status)}
        />
      ))}
    </div>
  );
}

interface StatusTabProps {
  status: ReviewTab;
  label: string;
  campaignId: number | null;
  selected: boolean;
  onSelect: () => void;
}

function StatusTab({ status, label, campaignId, selected, onSelect }: StatusTabProps) {
  // A count that fails to load is left out: the tab still works.
  const count = useQuery(outboxCountQueryOptions(status, campaignId)).data;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(status)}
      aria-selected={selected}
      aria-controls={REVIEW_PANEL_ID}
      className={`tab shrink-0 flex-nowrap gap-1.5 whitespace-nowrap ${selected ? 'tab-active' : ''}`}
      onClick={onSelect}
      data-testid={`status-tab-${status}`}
    >
      {label}
      {count !== undefined && <span className="badge badge-sm tabular-nums">{formatNumber(count)}</span>}
    </button>
  );
}
