import { PipelinesList } from '../../features/pipelines/components/pipelines-list.tsx';
import { RunsList } from '../../features/pipelines/components/runs-list.tsx';

/** /pipelines: every pipeline (the built-ins first) and the runs of all of them, filtered and paged in the URL. */
export function PipelinesRoute() {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">Pipelines</h1>
        <p className="text-base-content/70">
          The built-in and saved workflows and their runs; open a pipeline to see its steps, or a run to watch or rerun it.
        </p>
      </header>
      <PipelinesList />
      <RunsList />
    </div>
  );
}
