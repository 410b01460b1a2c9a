import { Link, useParams } from 'react-router-dom';
import { BatchPage } from '../../features/batches/components/batch-page.tsx';

/** /batches/:id: one batch of pipeline runs, live while it runs. */
export function BatchRoute() {
  const { id = '' } = useParams();
  return (
    <div className="flex flex-col gap-4">
      <div className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to="/pipelines">Pipelines</Link>
          </li>
          <li>Batch</li>
        </ul>
      </div>
      {/* Keyed by batch: Retry failed navigates to the new batch and must start afresh. */}
      <BatchPage key={id} batchId={id} />
    </div>
  );
}
