import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../lib/toast.ts';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { runQueryOptions } from '../api/get-run.ts';
import { useRerunRun } from '../api/rerun-run.ts';
import { useGraphPanel } from '../hooks/use-graph-panel.ts';
import { useRunEvents } from '../hooks/use-run-events.ts';
import { isRunLive } from '../utils/run-status.ts';
import { INPUT_NODE_ID } from './graph/flow-types.ts';
import { InputPanel } from './input-panel.tsx';
import { RunGraph } from './run-graph.tsx';
import { RunHeader } from './run-header.tsx';
import { StepPanel } from './step-panel.tsx';

/** One run: header, live graph of its steps, and the selected step's details. */
export function RunView({ runId }: { runId: string }) {
  const run = useQuery(runQueryOptions(runId));
  useRunEvents(runId, run.data ? isRunLive(run.data.status) : false);
  const { graph, selectedId, select, close, focusPanel, panelFocused } = useGraphPanel();
  const rerun = useRerunRun();
  const navigate = useNavigate();
  const toast = useToast();

  const startRerun = (fromStep?: string) =>
    rerun.mutate(
      { runId, fromStep },
      {
        onSuccess: (next) => navigate(`/pipelines/runs/${next.runId}`),
        onError: (error) => toast({ title: 'Rerun failed', description: error.message, tone: 'error' }),
      },
    );

  if (run.isPending) return <span className="loading loading-spinner loading-lg" aria-label="Loading run" />;
  if (run.isError) return <ErrorAlert message={run.error.message} />;

  const node = run.data.definition.nodes.find((candidate) => candidate.id === selectedId);
  return (
    <div className="flex flex-col gap-6">
      <RunHeader run={run.data} rerunPending={rerun.isPending} onRerun={() => startRerun()} />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <RunGraph run={run.data} selectedId={selectedId} onSelect={select} onClose={close} containerRef={graph} />
        {node ? (
          <StepPanel
            runId={runId}
            node={node}
            step={run.data.steps[node.id]}
            rerunPending={rerun.isPending}
            onRerunFromHere={() => startRerun(node.id)}
            onClose={close}
            focus={focusPanel}
            onFocused={panelFocused}
          />
        ) : selectedId === INPUT_NODE_ID ? (
          <InputPanel input={run.data.input} onClose={close} focus={focusPanel} onFocused={panelFocused} />
        ) : (
          <p className="text-sm text-base-content/60">Select a step in the graph to see its details and rerun from it.</p>
        )}
      </div>
    </div>
  );
}
