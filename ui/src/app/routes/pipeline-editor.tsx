import { useParams } from 'react-router-dom';
import { PipelineEditorPage } from '../../features/pipelines/index.ts';

/** /pipelines/new: the editor over an empty draft. */
export function NewPipelineRoute() {
  return <PipelineEditorPage />;
}

/** /pipelines/:id/edit: the editor over the pipeline's latest version (or `?version=N`). */
export function EditPipelineRoute() {
  const { id = '' } = useParams();
  // Keyed by pipeline: "Duplicate and edit" comes here again and must start with the copy.
  return <PipelineEditorPage key={id} pipelineId={id} />;
}
