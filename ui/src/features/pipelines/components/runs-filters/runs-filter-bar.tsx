import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { pipelineVersionsQueryOptions } from '../../api/get-pipeline.ts';
import { pipelinesQueryOptions } from '../../api/get-pipelines.ts';
import type { RunStatus } from '../../api/types.ts';
import { RUN_STATUSES, type RunsFilters } from '../../utils/runs-filters.ts';
import { ProspectFilter } from './prospect-filter.tsx';

interface RunsFilterBarProps {
  filters: RunsFilters;
  /** Set on a pipeline's page: no pipeline to choose, its versions to filter by. */
  fixedPipeline?: string;
  /** Changes some filters (the list goes back to page 1). */
  onChange: (patch: Partial<RunsFilters>) => void;
}

const field = 'flex min-w-0 flex-col gap-1 text-sm';

/** The pipelines a run may be of: those whose runs are recorded, each id once, and the one chosen even if it is not listed (a draft's). */
function usePipelineChoices(chosen: string, enabled: boolean) {
  const list = useQuery({ ...pipelinesQueryOptions(), enabled });
  const entries = (list.data ?? []).filter((entry) => entry.runs !== null);
  const seen = new Set<string>();
  const choices = entries.flatMap((entry) => {
    if (seen.has(entry.pipelineId)) return [];
    seen.add(entry.pipelineId);
    return [{ id: entry.pipelineId, name: entry.name }];
  });
  const names = choices.map((choice) => choice.name);
  const labelled = choices.map((choice) => ({
    id: choice.id,
    label: names.indexOf(choice.name) === names.lastIndexOf(choice.name) ? choice.name : `${choice.name} (${choice.id})`,
  }));
  if (chosen && !seen.has(chosen)) labelled.push({ id: chosen, label: chosen });
  return labelled;
}

/** The runs list's filters: pipeline (not on a pipeline's page), version (once a pipeline is set), status, created between, prospect. */
export function RunsFilterBar({ filters, fixedPipeline, onChange }: RunsFilterBarProps) {
  const ids = useId();
  const pipelines = usePipelineChoices(filters.pipeline, !fixedPipeline);
  const versions = useQuery({ ...pipelineVersionsQueryOptions(filters.pipeline), enabled: filters.pipeline !== '' });
  const versionChoices = (versions.data ?? []).map((version) => version.version);
  if (filters.version && !versionChoices.includes(Number(filters.version))) versionChoices.push(Number(filters.version));

  return (
    <div
      role="group"
      aria-label="Filter runs"
      data-testid="runs-filters"
      className={`grid grid-cols-2 items-end gap-3 sm:grid-cols-3 ${fixedPipeline ? 'xl:grid-cols-5' : 'xl:grid-cols-6'}`}
    >
      {!fixedPipeline && (
        <label className={`${field} col-span-2 sm:col-span-1`}>
          Pipeline
          <select
            className="select select-sm w-full"
            value={filters.pipeline}
            onChange={(event) => onChange({ pipeline: event.target.value, version: '' })}
          >
            <option value="">All pipelines</option>
            {pipelines.map((pipeline) => (
              <option key={pipeline.id} value={pipeline.id}>
                {pipeline.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={field}>
        Version
        <select
          className="select select-sm w-full"
          value={filters.version}
          disabled={!filters.pipeline}
          title={filters.pipeline ? undefined : 'Choose a pipeline first'}
          onChange={(event) => onChange({ version: event.target.value })}
        >
          <option value="">{filters.pipeline ? 'All versions' : 'Any'}</option>
          {versionChoices.map((version) => (
            <option key={version} value={String(version)}>
              v{version}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        Status
        <select
          className="select select-sm w-full"
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as RunStatus | '' })}
        >
          <option value="">All statuses</option>
          {RUN_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className={field} htmlFor={`${ids}-from`}>
        Created from
        <input
          id={`${ids}-from`}
          type="date"
          className="input input-sm w-full"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </label>
      <label className={field} htmlFor={`${ids}-to`}>
        Created to
        <input
          id={`${ids}-to`}
          type="date"
          className="input input-sm w-full"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </label>
      <div className="col-span-2 sm:col-span-1">
        <ProspectFilter value={filters.prospect} onChange={(prospect) => onChange({ prospect })} />
      </div>
    </div>
  );
}
