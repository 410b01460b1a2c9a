import { useNavigate } from 'react-router-dom';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useCurrentRole } from '../../auth/index.ts';
import { useDuplicatePipeline } from '../api/duplicate-pipeline.ts';
import { canDuplicatePipelines, DUPLICATE_NEEDS_ROLE } from '../utils/permissions.ts';

interface DuplicateButtonProps {
  pipelineId: string;
  /** The version shown; undefined copies the latest. */
  version: number | undefined;
}

/** "Duplicate to edit": saves version 1 of a copy and opens it (sales ops and up; the rest see it disabled). */
export function DuplicateButton({ pipelineId, version }: DuplicateButtonProps) {
  const duplicate = useDuplicatePipeline();
  const navigate = useNavigate();
  const toast = useToast();
  const allowed = canDuplicatePipelines(useCurrentRole());

  const start = () =>
    duplicate.mutate(
      { pipelineId, version },
      {
        onSuccess: (copy) => {
          toast({ title: 'Pipeline duplicated', description: `Saved as ${copy.pipelineId}, version 1.`, tone: 'success' });
          navigate(`/pipelines/${encodeURIComponent(copy.pipelineId)}`);
        },
        onError: (error) => toast({ title: 'Duplicate failed', description: refusalText(error), tone: 'error' }),
      },
    );

  return (
    <button
      type="button"
      className="btn btn-primary btn-sm"
      onClick={start}
      disabled={!allowed || duplicate.isPending}
      title={allowed ? undefined : DUPLICATE_NEEDS_ROLE}
    >
      {duplicate.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Duplicate to edit
    </button>
  );
}
