import { useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { PipelineDetail } from '../../features/pipelines/components/pipeline-detail.tsx';

/** /pipelines/:id: one pipeline, built-in or saved, read-only (`?version=N` draws an older version). */
export function PipelineRoute() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs
        items={[
          { label: 'Pipelines', to: '/pipelines' },
          { label: id, mono: true },
        ]}
      />
      {/* Keyed by pipeline: a duplicate navigates here again and must start with a clean selection. */}
      <PipelineDetail key={id} pipelineId={id} />
    </div>
  );
}
