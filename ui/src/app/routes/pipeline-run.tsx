import { Link, useParams } from 'react-router-dom';
import { RunView } from '../../features/pipelines/components/run-view.tsx';

/** /pipelines/runs/:runId: one run, live while it is in flight. */
export function PipelineRunRoute() {
  const { runId = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/pipelines">Pipelines</Link>
          </li>
          <li>Run</li>
        </ul>
      </div>
      {/* Keyed by run: a rerun navigates here again and must start with a clean selection. */}
      <RunView key={runId} runId={runId} />
    </div>
  );
}
