import { Link, useNavigate } from 'react-router-dom';
import { refusalText } from '../../../../lib/api-client.ts';
import { useToast } from '../../../../lib/toast.ts';
import { useDuplicatePipeline } from '../../api/duplicate-pipeline.ts';
import type { PipelineView } from '../../api/types.ts';

/** Shown instead of the editor for a built-in pipeline: it is read-only, so offer to duplicate it and edit the copy. */
export function BuiltInNotice({ pipeline }: { pipeline: PipelineView }) {
  const duplicate = useDuplicatePipeline();
  const navigate = useNavigate();
  const toast = useToast();
  const start = () =>
    duplicate.mutate(
      { pipelineId: pipeline.pipelineId, version: undefined },
      {
        onSuccess: (copy) => navigate(`/pipelines/${encodeURIComponent(copy.pipelineId)}/edit`),
        onError: (error) => toast({ title: 'Duplicate failed', description: refusalText(error), tone: 'error' }),
      },
    );
  return (
    <div role="note" className="alert alert-info alert-soft flex max-w-3xl flex-col items-start gap-3" data-testid="built-in-notice">
      <p>
        <strong>{pipeline.name}</strong> is built in: it ships with Meetflow and cannot be changed. Duplicate it to edit a copy of your own.
      </p>
      {pipeline.cannotDuplicate && <p>It cannot be duplicated either. {pipeline.cannotDuplicate}</p>}
      <div className="flex flex-wrap gap-2">
        {!pipeline.cannotDuplicate && (
          <button type="button" className="btn btn-primary btn-sm" onClick={start} disabled={duplicate.isPending}>
            {duplicate.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Duplicate and edit
          </button>
        )}
        <Link className="btn btn-ghost btn-sm" to={`/pipelines/${encodeURIComponent(pipeline.pipelineId)}`}>
          Back to the pipeline
        </Link>
      </div>
    </div>
  );
}
