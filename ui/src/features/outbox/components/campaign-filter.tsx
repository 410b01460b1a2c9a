import { useQuery } from '@tanstack/react-query';
import { campaignOptionsQueryOptions } from '../api/outbox-api.ts';

/** A choice of campaign to list the emails of, or all of them; while the campaigns load (or if they cannot), only "All campaigns". */
export function CampaignFilter({ value, onChange }: { value: number | null; onChange: (campaignId: number | null) => void }) {
  const campaigns = useQuery(campaignOptionsQueryOptions());
  return (
    <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
      <span className="shrink-0">Campaign</span>
      <select
        className="select select-sm w-full sm:w-56"
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
        title={campaigns.isError ? `The campaigns could not be loaded: ${campaigns.error.message}` : undefined}
        data-testid="campaign-filter"
      >
        <option value="">All campaigns</option>
        {campaigns.data?.map((campaign) => (
          <option key={campaign.id} value={campaign.id}>
            {campaign.name}
          </option>
        ))}
        {/* A campaign in the URL that is not (or not yet) listed stays chosen. */}
        {value !== null && !campaigns.data?.some((campaign) => campaign.id === value) && <option value={value}>Campaign {value}</option>}
      </select>
    </label>
  );
}
