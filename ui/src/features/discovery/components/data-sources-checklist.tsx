import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useDataSources } from '../api/data-sources.ts';
import type { DiscoverySourceId } from '../api/types.ts';

interface DataSourcesChecklistProps {
  selected: readonly DiscoverySourceId[];
  onToggle: (id: DiscoverySourceId) => void;
}

/**
 * The Data Sources checklist (spec section 2): every installed source plugin, listed from
 * GET /api/plugins; any number may be ticked. A source without its credentials is marked: the
 * built-in sample database answers for it.
 */
export function DataSourcesChecklist({ selected, onToggle }: DataSourcesChecklistProps) {
  const sources = useDataSources();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Data Sources</legend>
      {sources.isPending && <span className="loading loading-spinner loading-sm" aria-label="Loading sources" />}
      {sources.isError && <ErrorAlert message={`The sources could not be listed: ${sources.error.message}`} />}
      {sources.data?.length === 0 && <p className="text-sm text-base-content/70">No prospect source is installed.</p>}
      {sources.data?.map((source) => (
        <label key={source.id} className="label cursor-pointer gap-2 text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={selected.includes(source.id)}
            onChange={() => onToggle(source.id)}
          />
          {source.label}
          {!source.configured && (
            <span className="badge badge-ghost badge-xs" title="No credentials configured: the built-in sample database answers for it">
              sample
            </span>
          )}
        </label>
      ))}
      <p className="text-xs text-base-content/60">
        A source without credentials configured answers from the built-in sample database, labelled sample data.
      </p>
    </fieldset>
  );
}
