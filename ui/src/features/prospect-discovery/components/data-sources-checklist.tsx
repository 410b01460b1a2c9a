import type { DiscoverySourceId } from '../api/types.ts';
import { DATA_SOURCES } from '../utils/sources.ts';

interface DataSourcesChecklistProps {
  selected: readonly DiscoverySourceId[];
  onToggle: (id: DiscoverySourceId) => void;
}

/** The Data Sources checklist; any number may be ticked (spec section 5). */
export function DataSourcesChecklist({ selected, onToggle }: DataSourcesChecklistProps) {
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Data Sources</legend>
      {DATA_SOURCES.map((source) => (
        <label key={source.id} className="label cursor-pointer gap-2 text-base-content">
          <input type="checkbox" className="checkbox checkbox-sm" checked={selected.includes(source.id)}
            onChange={() => onToggle(source.id)} />
          {source.label}
        </label>
      ))}
      <p className="text-xs text-base-content/60">
        A source without credentials configured answers from the built-in sample database, labelled sample data.
      </p>
    </fieldset>
  );
}
