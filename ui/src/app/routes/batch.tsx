import { useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { BatchPage } from '../../features/pipelines/components/batch-page.tsx';

/** /batches/:id: one batch of pipeline runs, live while it runs. */
export function BatchRoute() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumbs items={[{ label: 'Pipelines', to: '/pipelines' }, { label: 'Batch' }]} />
      {/* Keyed by batch: Retry failed navigates to the new batch and must start afresh. */}
      <BatchPage key={id} batchId={id} />
    </div>
  );
}
