import type { XYPosition } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../../components/ui/error-alert.tsx';
import { useToast } from '../../../../lib/toast.ts';
import { useLeaveGuard } from '../../../../lib/use-leave-guard.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { INPUT_NODE_ID } from '../../components/graph/flow-types.ts';
import { focusGraphNode, neighbour } from '../../components/graph/keyboard.ts';
import { pipelineOrder } from '../../components/graph/order.ts';
import type { PluginActivity, PluginDescription } from '../../../plugins/index.ts';
import { useSavePipeline } from '../api/save-pipeline.ts';
import { useDraftValidation } from '../hooks/use-draft-validation.ts';
import { useEditorDraft } from '../hooks/use-editor-draft.ts';
import { useTakenPipeline } from '../hooks/use-taken-pipeline.ts';
import { useTestRun } from '../hooks/use-test-run.ts';
import { useUndoKeys } from '../hooks/use-undo-keys.ts';
import { saveBlockedBecause, testRunBlockedBecause } from '../utils/blocked.ts';
import { updateNode } from '../utils/definition-edits.ts';
import { pipelineIdFromName } from '../utils/new-pipeline.ts';
import { stepActivities } from '../utils/palette.ts';
import { ActivityPalette } from './activity-palette.tsx';
import { EditorCanvas } from './editor-canvas.tsx';
import { EditorHelp } from './editor-help.tsx';
import { CanvasToolbar, SaveBar } from './editor-toolbar.tsx';
import { NodePanel } from './node-panel.tsx';
import { PipelineFields } from './pipeline-fields.tsx';
import { ProblemsList } from './problems-list.tsx';
import { SaveDialog } from './save-dialog.tsx';
import { TestRunDialog } from './test-run-dialog.tsx';
import { TestRunBar } from './test-run-bar.tsx';

interface PipelineEditorProps {
  /** The definition to start from: a saved version, or an empty draft. */
  initial: PipelineDefinition;
  isNew: boolean;
  /** The installed plugins; undefined while they load. */
  plugins: PluginDescription[] | undefined;
  pluginsError: Error | null;
}

/**
 * The pipeline editor: a palette of every step activity, the canvas (drop, connect, move,
 * delete, undo/redo, auto-layout), and the selected step's settings and input mapping. The
 * draft is checked by the platform as it changes; problems show on the steps, under their
 * fields and in a list, and Test run and Save (with a note) wait until there are none. A test
 * run's step statuses are drawn on the canvas, live, until the draft is edited.
 */
export function PipelineEditor({ initial, isNew, plugins, pluginsError }: PipelineEditorProps) {
  const draft = useEditorDraft(initial);
  const { definition } = draft;
  const activities = useMemo(() => stepActivities(plugins ?? []), [plugins]);
  const validation = useDraftValidation(definition);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selectedEdgeId, setSelectedEdgeId] = useState<string | null>(null);
  const [fitKey, setFitKey] = useState(0);
  // A new pipeline's id follows its name until it is typed in itself.
  const [idTyped, setIdTyped] = useState(!isNew);
  const [saveOpen, setSaveOpen] = useState(false);
  const [testRunOpen, setTestRunOpen] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const save = useSavePipeline();
  const testRun = useTestRun(definition);
  const taken = useTakenPipeline(definition.id, isNew);
  const toast = useToast();
  const navigate = useNavigate();
  // Before the effect below: once saved, the guard lets the move to the saved pipeline through.
  const blocker = useLeaveGuard(draft.dirty);
  useUndoKeys(draft.undo, draft.redo);
  useEffect(() => {
    if (savedId) navigate(`/pipelines/${encodeURIComponent(savedId)}`);
  }, [savedId, navigate]);

  const problemMessages = useMemo(
    () => new Map([...validation.byNode].map(([nodeId, problems]) => [nodeId, problems.map((problem) => problem.message)])),
    [validation.byNode],
  );
  const view = useMemo(
    () => ({ positions: draft.positions, selectedId, selectedEdgeId, problems: problemMessages, activities, steps: testRun.steps }),
    [draft.positions, selectedId, selectedEdgeId, problemMessages, activities, testRun.steps],
  );
  const selectedNode = definition.nodes.find((node) => node.id === selectedId);
  const selectedEdge = definition.edges.find((edge) => `${edge.from}->${edge.to}` === selectedEdgeId);

  // The canvas's box (its nodes take focus back when a step's panel closes), what the live region
  // last said, and the step whose panel takes focus once it is drawn (opened by keyboard or "+").
  const canvas = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusPanelFor, setFocusPanelFor] = useState<string | null>(null);

  const select = useCallback((nodeId: string | null) => {
    setSelectedId(nodeId);
    if (nodeId) setSelectedEdgeId(null);
  }, []);
  const selectEdge = useCallback((edgeId: string | null) => {
    setSelectedEdgeId(edgeId);
    if (edgeId) setSelectedId(null);
  }, []);
  const openStep = useCallback(
    (nodeId: string) => {
      select(nodeId);
      setFocusPanelFor(nodeId);
    },
    [select],
  );
  const closeStep = (nodeId: string) => {
    select(null);
    focusGraphNode(canvas.current, nodeId);
  };
  const add = (activity: PluginActivity, position?: XYPosition) => {
    const { id, after } = draft.addActivity(activity, position);
    select(id);
    setAnnouncement(`Added step ${id}, ${after ? `after ${after}` : 'at the start'}. Its settings are open.`);
    return id;
  };
  const connect = (from: string, to: string) => {
    draft.connect(from, to);
    setAnnouncement(`${to} now runs after ${from}.`);
  };
  const disconnect = (from: string, to: string) => {
    draft.remove([], [{ from, to }]);
    setAnnouncement(`${to} no longer runs after ${from}.`);
  };
  const removeElements = draft.remove;
  const remove = useCallback(
    (nodeIds: string[], edges: Array<{ from: string; to: string }>) => {
      removeElements(nodeIds, edges);
      setSelectedId((current) => (current && nodeIds.includes(current) ? null : current));
      setSelectedEdgeId(null);
    },
    [removeElements],
  );
  /** Removes a step; focus goes to the step after it (else before it, else the run input), where the keyboard was. */
  const removeStep = (nodeId: string) => {
    const order = [INPUT_NODE_ID, ...pipelineOrder(definition)];
    const next = neighbour(order, nodeId, 1) ?? neighbour(order, nodeId, -1);
    remove([nodeId], []);
    setAnnouncement(`Deleted step ${nodeId}. Ctrl+Z undoes it.`);
    if (next) focusGraphNode(canvas.current, next);
  };
  const deleteSelection = () => {
    if (selectedNode) removeStep(selectedNode.id);
    else if (selectedEdge) {
      remove([], [selectedEdge]);
      setAnnouncement(`Deleted the edge: ${selectedEdge.to} no longer runs after ${selectedEdge.from}. Ctrl+Z undoes it.`);
    }
  };
  const check = { checking: validation.checking, valid: validation.valid, problems: validation.problems.length };
  const saveBlocked = saveBlockedBecause(draft.dirty, taken !== null, check);
  const testRunBlocked = testRunBlockedBecause(testRun.starting, check);

  const onSave = (note: string) =>
    save.mutate(
      { definition: draft.toSave(), note },
      {
        onSuccess: (saved) => {
          toast({ title: 'Pipeline saved', description: `${saved.pipelineId}, version ${saved.version}.`, tone: 'success' });
          draft.markSaved(definition);
          setSaveOpen(false);
          setSavedId(saved.pipelineId);
        },
      },
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PipelineFields
          definition={definition}
          isNew={isNew}
          problems={validation.problems.filter((problem) => problem.nodeId === undefined)}
          taken={taken}
          onName={(name) => draft.edit((current) => ({ ...current, name, ...(idTyped ? {} : { id: pipelineIdFromName(name) }) }), 'name')}
          onId={(id) => {
            setIdTyped(true);
            draft.edit((current) => ({ ...current, id }), 'id');
          }}
        />
        <SaveBar
          problemCount={validation.problems.length}
          onShowProblems={() => select(null)}
          dirty={draft.dirty}
          testRunBlocked={testRunBlocked}
          onTestRun={() => {
            testRun.resetError();
            setTestRunOpen(true);
          }}
          saveBlocked={saveBlocked}
          onSave={() => {
            save.reset();
            setSaveOpen(true);
          }}
        />
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-[12rem_minmax(0,1fr)_20rem] grid-rows-1 gap-3 2xl:grid-cols-[15rem_minmax(0,1fr)_25rem]">
        <section aria-label="Activities" className="flex min-h-0 flex-col gap-2 rounded-box bg-base-100 p-3 shadow-sm">
          <h2 className="text-sm font-semibold">Activities</h2>
          {pluginsError && <ErrorAlert message={pluginsError.message} />}
          {!plugins && !pluginsError && <span className="loading loading-spinner" aria-label="Loading the activities" />}
          {plugins && (
            <ActivityPalette
              plugins={plugins}
              onAdd={(activity) => {
                // Focus follows the new step to its settings, as Enter on a step does.
                setFocusPanelFor(add(activity));
                // Added below everything: frame the graph so the new step is in view.
                setFitKey((key) => key + 1);
              }}
            />
          )}
        </section>
        <div className="flex min-h-0 flex-col overflow-hidden rounded-box border border-base-300 bg-base-100">
          {testRun.run && (
            <TestRunBar run={testRun.run} edited={testRun.edited} streamError={testRun.streamError} onDismiss={testRun.dismiss} />
          )}
          <div className="min-h-0 flex-1">
            <EditorCanvas
              definition={definition}
              view={view}
              fitKey={fitKey}
              onSelectNode={select}
              onSelectEdge={selectEdge}
              onMove={draft.move}
              onConnect={connect}
              onDelete={(focusedStep) => (focusedStep ? removeStep(focusedStep) : deleteSelection())}
              onOpenNode={openStep}
              containerRef={canvas}
              onDropActivity={(name, position) => {
                const step = activities.get(name);
                if (step) add(step.activity, position);
              }}
            >
              <CanvasToolbar
                canUndo={draft.canUndo}
                canRedo={draft.canRedo}
                selection={
                  selectedNode ? `step ${selectedNode.id}` : selectedEdge ? `edge ${selectedEdge.from} → ${selectedEdge.to}` : null
                }
                onUndo={draft.undo}
                onRedo={draft.redo}
                onLayout={() => {
                  draft.autoLayout();
                  setFitKey((key) => key + 1);
                }}
                onDelete={deleteSelection}
              />
            </EditorCanvas>
          </div>
        </div>
        <div className="min-h-0 overflow-y-auto rounded-box bg-base-100 p-4 shadow-sm">
          {selectedNode ? (
            <NodePanel
              key={selectedNode.id}
              node={selectedNode}
              definition={definition}
              activities={activities}
              problems={validation.byNode.get(selectedNode.id)}
              onEdit={(change, key) => draft.edit((current) => updateNode(current, selectedNode.id, change), key)}
              onRename={(id) => {
                draft.rename(selectedNode.id, id);
                setSelectedId(id);
              }}
              onConnectFrom={(from) => connect(from, selectedNode.id)}
              onDisconnectFrom={(from) => disconnect(from, selectedNode.id)}
              onDelete={() => removeStep(selectedNode.id)}
              onClose={() => closeStep(selectedNode.id)}
              focusHeading={focusPanelFor === selectedNode.id}
              onHeadingFocused={() => setFocusPanelFor(null)}
            />
          ) : (
            <div className="flex flex-col gap-4">
              <ProblemsList validation={validation} definition={definition} onOpen={select} />
              <EditorHelp />
            </div>
          )}
        </div>
      </div>
      {/* What the last edit changed, said by a screen reader (the canvas is a picture to it). */}
      <p role="status" className="sr-only" data-testid="editor-announcement">
        {announcement}
      </p>
      <SaveDialog
        open={saveOpen}
        title={`Save ${definition.id || 'the pipeline'}`}
        saving={save.isPending}
        error={save.error}
        onSave={onSave}
        onCancel={() => setSaveOpen(false)}
      />
      <TestRunDialog
        open={testRunOpen}
        pipelineId={definition.id}
        starting={testRun.starting}
        error={testRun.error}
        onRun={(choice) => testRun.start(choice, () => setTestRunOpen(false))}
        onCancel={() => setTestRunOpen(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        Your changes to this pipeline are not saved yet.
      </ConfirmDialog>
    </div>
  );
}
