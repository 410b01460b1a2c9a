// What the Pipelines feature offers: the editor's page (/pipelines/new, /pipelines/:id/edit; its
// code is in editor/), and for other features the pipeline API (types, reads, query keys,
// duplicating) and the pieces of its graph a definition is drawn with (layout, nodes, edges).
export type { Condition, PipelineDefinition, PipelineNode, PipelineView } from './api/types.ts';
export { pipelineKeys } from './api/get-pipelines.ts';
export { pipelineQueryOptions } from './api/get-pipeline.ts';
export { useDuplicatePipeline } from './api/duplicate-pipeline.ts';
export { INPUT_NODE_ID, type InputFlowNode } from './components/graph/flow-types.ts';
export { InputNode } from './components/graph/input-node.tsx';
export { INPUT_NODE_SIZE, layoutDefinition, STEP_NODE_SIZE } from './components/graph/layout.ts';
export { toFlowEdges, toFlowNodes } from './components/graph/to-flow.ts';
export { formatCondition } from './utils/condition.ts';
export { versionParam } from './utils/version-param.ts';
export { PipelineEditorPage } from './editor/components/pipeline-editor-page.tsx';
