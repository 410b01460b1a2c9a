// What the pipeline editor offers the app: its page (/pipelines/new, /pipelines/:id/edit).
export { PipelineEditorPage } from './components/pipeline-editor-page.tsx';
