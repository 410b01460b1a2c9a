import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Breadcrumbs } from '../../../../components/ui/breadcrumbs.tsx';
import { ErrorAlert } from '../../../../components/ui/error-alert.tsx';
import { useCurrentRole } from '../../../auth/index.ts';
import { pipelineQueryOptions } from '../../api/get-pipeline.ts';
import { versionParam } from '../../utils/version-param.ts';
import { pluginsQueryOptions } from '../../../plugins/index.ts';
import { useMediaQuery } from '../../../../lib/use-media-query.ts';
import { emptyDefinition } from '../utils/new-pipeline.ts';
import { canEditPipelines } from '../utils/permissions.ts';
import { BuiltInNotice } from './built-in-notice.tsx';
import { PipelineEditor } from './pipeline-editor.tsx';

// Below this the palette, canvas and step panel do not fit side by side (beside the app's sidebar).
const WIDE_ENOUGH = '(min-width: 1200px)';

/** The page's frame: breadcrumbs, then the editor filling the rest of the window. */
function EditorFrame({
  pipelineId,
  version,
  children,
}: {
  pipelineId: string | undefined;
  version: number | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex h-[calc(100dvh-6.75rem)] min-h-[36rem] flex-col gap-3" data-testid="pipeline-editor-page">
      <Breadcrumbs
        className="shrink-0 py-0"
        items={[
          { label: 'Pipelines', to: '/pipelines' },
          ...(pipelineId
            ? [
                { label: pipelineId, to: `/pipelines/${encodeURIComponent(pipelineId)}`, mono: true },
                { label: version ? `Edit, starting from version ${version}` : 'Edit' },
              ]
            : [{ label: 'New pipeline' }]),
        ]}
      />
      {children}
    </div>
  );
}

/** A message in place of the editor, with the way back. */
function Notice({ children, back }: { children: ReactNode; back: string }) {
  return (
    <div role="note" className="alert alert-info alert-soft flex max-w-2xl flex-col items-start gap-3" data-testid="editor-notice">
      <p>{children}</p>
      <Link className="btn btn-ghost btn-sm" to={back}>
        Back
      </Link>
    </div>
  );
}

/**
 * /pipelines/new and /pipelines/:id/edit: the editor over an empty draft, or over a saved
 * version (the latest, or `?version=N`). Built-ins are read-only (duplicate to edit); viewers
 * cannot edit; a phone is told the editor needs a wider screen.
 */
export function PipelineEditorPage({ pipelineId }: { pipelineId?: string }) {
  const [params] = useSearchParams();
  const version = versionParam(params);
  const allowed = canEditPipelines(useCurrentRole());
  const wide = useMediaQuery(WIDE_ENOUGH);
  // Once the editor is open, a window made narrow hides it rather than dropping the draft.
  const [opened, setOpened] = useState(wide);
  if (wide && !opened) setOpened(true);
  const plugins = useQuery({ ...pluginsQueryOptions(), enabled: allowed && opened });
  const pipeline = useQuery({ ...pipelineQueryOptions(pipelineId ?? '', version), enabled: allowed && opened && pipelineId !== undefined });
  const back = pipelineId ? `/pipelines/${encodeURIComponent(pipelineId)}` : '/pipelines';
  const tooNarrow = (
    <Notice back={back}>
      The pipeline editor needs a wider screen: open it in a window at least 1200 pixels wide.
      {opened && ' Your draft is kept until you leave this page.'}
    </Notice>
  );

  let content: ReactNode;
  if (!allowed) content = <Notice back={back}>Only sales ops, admins and owners edit pipelines; you can view them.</Notice>;
  else if (!opened) content = tooNarrow;
  else if (pipelineId && pipeline.isPending)
    content = <span className="loading loading-spinner loading-lg" aria-label="Loading pipeline" />;
  else if (pipelineId && pipeline.isError) content = <ErrorAlert message={pipeline.error.message} />;
  else if (pipeline.data?.builtIn) content = <BuiltInNotice pipeline={pipeline.data} />;
  else
    content = (
      <PipelineEditor
        initial={pipeline.data?.definition ?? emptyDefinition()}
        isNew={pipelineId === undefined}
        plugins={plugins.data}
        pluginsError={plugins.error}
      />
    );
  return (
    <EditorFrame pipelineId={pipelineId} version={version}>
      {opened && !wide && tooNarrow}
      <div className={`flex min-h-0 flex-1 flex-col ${opened && !wide ? 'hidden' : ''}`}>{content}</div>
    </EditorFrame>
  );
}
