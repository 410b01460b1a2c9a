import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { campaignChoicesQueryOptions, filterOptionsQueryOptions } from '../api/prospects-api.ts';
import { useUrlDraft } from '../hooks/use-url-draft.ts';
import { SEQUENCE_FILTERS, STATUSES, type ProspectFilters } from '../utils/filters.ts';
import { SEQUENCE_FILTER_LABELS, STATUS_LABELS } from '../utils/labels.ts';

type Update = (patch: Partial<ProspectFilters>) => void;

const validScore = (text: string) => text.trim() === '' || (Number.isFinite(Number(text)) && Number(text) >= 0 && Number(text) <= 100);

/** A score bound: sent once typing pauses and it is a number from 0 to 100 (else it says so and waits). */
function ScoreField({ label, value, onChange }: { label: string; value: string; onChange: (next: string) => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [draft, setDraft] = useUrlDraft(value, (next) => {
    if (validScore(next)) onChange(next.trim());
  });
  const invalid = !validScore(draft);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        className={`input input-bordered input-sm w-full ${invalid ? 'input-error' : ''}`}
        value={draft}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      {invalid && (
        <span id={errorId} className="text-xs text-error">
          From 0 to 100
        </span>
      )}
    </div>
  );
}

/** A select of the filters: "Any" clears it. */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (next: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select select-bordered select-sm w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The list's filters, each kept in the URL: campaign, status, sequence, score range, industry
 * (the taxonomy's labels offered, any start of a word accepted) and source.
 */
export function ProspectFiltersPanel({ filters, update }: { filters: ProspectFilters; update: Update }) {
  const options = useQuery(filterOptionsQueryOptions());
  const campaigns = useQuery(campaignChoicesQueryOptions());
  const industryId = useId();
  const industriesId = `${industryId}-list`;
  const [industry, setIndustry] = useUrlDraft(filters.industry, (next) => update({ industry: next.trim() }));
  const sources = options.data?.sources ?? [];
  const campaignOptions = (campaigns.data ?? []).map((campaign) => ({ value: String(campaign.id), label: campaign.name }));
  if (filters.campaign && !campaignOptions.some((option) => option.value === filters.campaign))
    campaignOptions.push({ value: filters.campaign, label: `Campaign ${filters.campaign}` });
  const sourceOptions = [...sources, ...(filters.source && !sources.includes(filters.source) ? [filters.source] : [])].map((source) => ({
    value: source,
    label: source,
  }));

  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="filters">
      <Choice label="Campaign" value={filters.campaign} options={campaignOptions} onChange={(campaign) => update({ campaign })} />
      <Choice
        label="Status"
        value={filters.status}
        options={STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label }))}
        onChange={(status) => update({ status: status as ProspectFilters['status'] })}
      />
      <Choice
        label="Sequence"
        value={filters.sequence}
        options={SEQUENCE_FILTERS.map((sequence) => ({ value: sequence, label: SEQUENCE_FILTER_LABELS[sequence] }))}
        onChange={(sequence) => update({ sequence: sequence as ProspectFilters['sequence'] })}
      />
      <Choice label="Source" value={filters.source} options={sourceOptions} onChange={(source) => update({ source })} />
      <div className="col-span-2 flex flex-col gap-1 text-sm">
        <label htmlFor={industryId}>Industry</label>
        <input
          id={industryId}
          className="input input-bordered input-sm w-full"
          list={industriesId}
          placeholder="e.g. fintech, SaaS, health"
          value={industry}
          onChange={(event) => setIndustry(event.target.value)}
        />
        <datalist id={industriesId}>
          {(options.data?.industries ?? []).map((label) => (
            <option key={label} value={label} />
          ))}
        </datalist>
      </div>
      <ScoreField label="Min score" value={filters.minScore} onChange={(minScore) => update({ minScore })} />
      <ScoreField label="Max score" value={filters.maxScore} onChange={(maxScore) => update({ maxScore })} />
    </div>
  );
}
