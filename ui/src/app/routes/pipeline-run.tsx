import { useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { RunView } from '../../features/pipelines/components/run-view.tsx';

/** /pipelines/runs/:runId: one run, live while it is in flight. */
export function PipelineRunRoute() {
  const { runId = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Pipelines', to: '/pipelines' }, { label: 'Run' }]} />
      {/* Keyed by run: a rerun navigates here again and must start with a clean selection. */}
      <RunView key={runId} runId={runId} />
    </div>
  );
}
