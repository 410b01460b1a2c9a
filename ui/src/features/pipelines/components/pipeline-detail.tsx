import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useCurrentRole } from '../../auth/index.ts';
import { pipelineQueryOptions } from '../api/get-pipeline.ts';
import { pipelinesQueryOptions } from '../api/get-pipelines.ts';
import { useGraphPanel } from '../hooks/use-graph-panel.ts';
import { compareParam } from '../utils/compare-param.ts';
import { canDuplicatePipelines } from '../utils/permissions.ts';
import { versionParam } from '../utils/version-param.ts';
import { DefinitionStepPanel } from './definition-step-panel.tsx';
import { PipelineHeader } from './pipeline-header.tsx';
import { PipelineVersions } from './pipeline-versions.tsx';
import { RunGraph } from './run-graph.tsx';
import { RunsList } from './runs-list.tsx';
import { VersionCompare } from './version-diff/version-compare.tsx';

/**
 * One pipeline, read-only: the version asked for (`?version=N`, else the latest) drawn as a graph,
 * or two versions compared (`?from=A&to=B`, saved pipelines only); its versions and its recent runs.
 */
export function PipelineDetail({ pipelineId }: { pipelineId: string }) {
  const [params] = useSearchParams();
  const askedVersion = versionParam(params);
  const asksCompare = compareParam(params);
  const canEdit = canDuplicatePipelines(useCurrentRole());
  const pipeline = useQuery(pipelineQueryOptions(pipelineId, askedVersion));
  const list = useQuery(pipelinesQueryOptions());
  const { graph, selectedId, select, close, focusPanel, panelFocused } = useGraphPanel();
  const definition = pipeline.data?.definition;
  // A new object per render would lay the graph out again.
  const source = useMemo(() => (definition ? { definition } : undefined), [definition]);

  if (pipeline.isPending) return <span className="loading loading-spinner loading-lg" aria-label="Loading pipeline" />;
  if (pipeline.isError) return <ErrorAlert message={pipeline.error.message} />;

  const entry = list.data?.find((candidate) => candidate.pipelineId === pipelineId && candidate.builtIn === pipeline.data.builtIn);
  const node = pipeline.data.definition.nodes.find((candidate) => candidate.id === selectedId);
  // A built-in has one version, and nothing to compare it with.
  const compared = pipeline.data.builtIn ? undefined : asksCompare;
  return (
    <div className="flex flex-col gap-6">
      <PipelineHeader pipeline={pipeline.data} askedVersion={askedVersion} stats={entry?.runs} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        {compared ? (
          <VersionCompare pipelineId={pipelineId} from={compared.from} to={compared.to} canRestore={canEdit} />
        ) : (
          <RunGraph run={source!} selectedId={selectedId} onSelect={select} onClose={close} containerRef={graph} />
        )}
        <div className="flex flex-col gap-6">
          {!compared &&
            (node ? (
              <DefinitionStepPanel node={node} onClose={close} focus={focusPanel} onFocused={panelFocused} />
            ) : (
              <p className="text-sm text-base-content/60">Select a step in the graph to see what it runs and the input it reads.</p>
            ))}
          <PipelineVersions pipelineId={pipelineId} shown={pipeline.data.version} builtIn={pipeline.data.builtIn} compared={compared} />
        </div>
      </div>
      {/* The learning cycle's runs are not pipeline runs (its stats say where they are). */}
      {(list.isSuccess ? entry?.runs !== null : !pipeline.data.builtIn) && <RunsList pipeline={pipelineId} />}
    </div>
  );
}
