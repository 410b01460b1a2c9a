import { useEffect, useMemo, useRef, useState } from 'react';
import { FormField } from '../../../../components/ui/form-field.tsx';
import type { PipelineDefinition, PipelineNode } from '../../api/types.ts';
import { nodeIdProblem } from '../utils/definition-edits.ts';
import { mappingFields, type MappingField as Field } from '../utils/mapping-fields.ts';
import type { StepActivity } from '../utils/palette.ts';
import { messagesAt, type PlacedProblem } from '../utils/problems.ts';
import { referenceSources } from '../utils/reference-sources.ts';
import { withValueAt } from '../utils/template.ts';
import { ConditionBuilder } from './condition-builder.tsx';
import { JsonInput } from './constant-input.tsx';
import { MappingField } from './mapping-field.tsx';
import { PluginBadge } from './plugin-badge.tsx';
import { PluginSettings } from './plugin-settings.tsx';
import { RETRY_FIELDS, RetrySettings } from './retry-settings.tsx';
import { RunsAfter } from './runs-after.tsx';
import { isSettingsProblem } from '../utils/plugin-settings.ts';

interface NodePanelProps {
  node: PipelineNode;
  definition: PipelineDefinition;
  activities: ReadonlyMap<string, StepActivity>;
  problems: PlacedProblem[] | undefined;
  /** Changes the step; `key` names what changed, so keystrokes in one field undo together. */
  onEdit: (change: (node: PipelineNode) => PipelineNode, key: string) => void;
  onRename: (id: string) => void;
  /** Makes the step run after `from` too (an edge from → this step). */
  onConnectFrom: (from: string) => void;
  /** Makes the step no longer run after `from`. */
  onDisconnectFrom: (from: string) => void;
  onDelete: () => void;
  /** Closes the panel (Close step, or Escape outside a field); focus goes back to the step on the canvas. */
  onClose: () => void;
  /** Move focus to the panel's heading once drawn (opened by keyboard, or added with "+"); then `onHeadingFocused`. */
  focusHeading: boolean;
  onHeadingFocused: () => void;
}

/** Every path the form draws a field for, objects' own fields included. */
const fieldPaths = (fields: readonly Field[]): string[] => fields.flatMap((field) => [field.path, ...fieldPaths(field.fields)]);

/** A copy of `node` with `key` set to `value`, or without it when `value` is empty. */
function withOptional(node: PipelineNode, key: 'label', value: string): PipelineNode {
  const next = { ...node };
  if (value.trim() === '') delete next[key];
  else next[key] = value;
  return next;
}

/**
 * The selected step: what its activity does, its id and label, when it runs, its input mapping
 * (a form generated from the activity's input schema), its own settings of its plugin (a form
 * generated from the plugin's config schema), and its timeout and retries, with the problems of each.
 */
export function NodePanel({
  node,
  definition,
  activities,
  problems,
  onEdit,
  onRename,
  onConnectFrom,
  onDisconnectFrom,
  onDelete,
  onClose,
  focusHeading,
  onHeadingFocused,
}: NodePanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    heading.current?.focus();
    onHeadingFocused();
  }, [focusHeading, onHeadingFocused]);
  const step = activities.get(node.activity);
  const fields = useMemo(() => mappingFields(step?.activity.input), [step]);
  const sources = useMemo(() => referenceSources(definition, node.id, activities), [definition, node.id, activities]);
  const shown = useMemo(() => new Set(fieldPaths(fields).map((path) => `input.${path}`)), [fields]);
  // Problems with no field on the form to show them under (the step itself, its input as a whole, a key the schema lacks);
  // the plugin settings show all of theirs.
  const general = (problems ?? []).filter(
    (problem) =>
      !shown.has(problem.field ?? '') &&
      !['when', 'id', 'label', ...RETRY_FIELDS].includes(problem.field ?? '') &&
      !(step && isSettingsProblem(problem)),
  );
  const setInput = (path: string, value: unknown) =>
    onEdit((current) => ({ ...current, input: withValueAt(current.input, path, value) }), `${node.id}:input.${path}`);

  return (
    <aside
      aria-label={`Step ${node.id}`}
      data-testid="node-panel"
      className="flex flex-col gap-4"
      onKeyDown={(event) => {
        // Escape leaves the step (a field's own Escape, e.g. the id's undo, stays the field's).
        const target = event.target as HTMLElement;
        if (event.key !== 'Escape' || ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
        event.preventDefault();
        onClose();
      }}
    >
      <header className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold focus-visible:outline-offset-0">
            <PluginBadge plugin={step?.plugin} />
            <span className="truncate">{node.label ?? node.id}</span>
          </h2>
          <p className="truncate font-mono text-xs text-base-content/60">{node.activity}</p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close step" onClick={onClose}>
          ✕
        </button>
      </header>
      <p className="text-sm text-base-content/80">
        {step ? step.activity.description : 'No installed plugin offers this activity: its input is edited as JSON.'}
      </p>
      {general.length > 0 && (
        <ul role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1 text-sm" data-testid="node-problems">
          {general.map((problem) => (
            <li key={`${problem.at}:${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}

      <section className="flex flex-col gap-3" aria-label="Step settings">
        <NodeIdField
          key={node.id}
          definition={definition}
          nodeId={node.id}
          onRename={onRename}
          serverMessages={messagesAt(problems, 'id')}
        />
        <FormField
          id={`${node.id}-label`}
          label="Label"
          optional
          hint="What the graph calls the step; its id when empty."
          error={messagesAt(problems, 'label')[0]}
        >
          <input
            id={`${node.id}-label`}
            type="text"
            className="input input-sm w-full"
            value={node.label ?? ''}
            onChange={(event) => onEdit((current) => withOptional(current, 'label', event.target.value), `${node.id}:label`)}
          />
        </FormField>
      </section>

      <RunsAfter definition={definition} nodeId={node.id} onConnectFrom={onConnectFrom} onDisconnectFrom={onDisconnectFrom} />

      <section className="flex flex-col gap-2" aria-label="Condition">
        <h3 className="text-sm font-semibold">When it runs</h3>
        <ConditionBuilder
          when={node.when}
          sources={sources}
          messages={messagesAt(problems, 'when')}
          onChange={(when) => onEdit(({ when: _old, ...current }) => (when ? { ...current, when } : current), `${node.id}:when`)}
        />
      </section>

      <section className="flex flex-col gap-3" aria-label="Input mapping">
        <h3 className="text-sm font-semibold">Input</h3>
        {!step ? (
          <JsonInput
            id={`${node.id}-input`}
            value={node.input}
            onChange={(input) => onEdit((current) => ({ ...current, input: input ?? {} }), `${node.id}:input`)}
          />
        ) : fields.length === 0 ? (
          <p className="text-sm text-base-content/60">This activity takes no input.</p>
        ) : (
          fields.map((field) => (
            <MappingField
              key={field.path}
              field={field}
              input={node.input}
              onChange={setInput}
              sources={sources}
              messagesAt={(path) => messagesAt(problems, `input.${path}`)}
            />
          ))
        )}
      </section>

      {step && <PluginSettings node={node} config={step.config} pluginName={step.plugin.name} problems={problems} onEdit={onEdit} />}

      <RetrySettings node={node} pluginTimeout={step?.activity.timeout} problems={problems} onEdit={onEdit} />

      <button type="button" className="btn btn-outline btn-error btn-sm self-start" onClick={onDelete}>
        Delete step
      </button>
    </aside>
  );
}

interface NodeIdFieldProps {
  definition: PipelineDefinition;
  nodeId: string;
  onRename: (id: string) => void;
  serverMessages: string[];
}

/** The step's id, renamed when the field is left (references to it follow); refused while it is not a valid, free id. */
function NodeIdField({ definition, nodeId, onRename, serverMessages }: NodeIdFieldProps) {
  const [text, setText] = useState(nodeId);
  const problem = nodeIdProblem(definition, nodeId, text);
  const commit = () => {
    if (text !== nodeId && !problem) onRename(text);
  };
  const id = `${nodeId}-id`;
  return (
    <FormField
      id={id}
      label="Step id"
      hint="Other steps read its output as {{ id.path }}; renaming updates them."
      error={problem ?? serverMessages[0]}
    >
      <input
        id={id}
        type="text"
        className={`input input-sm w-full font-mono ${problem ? 'input-error' : ''}`}
        value={text}
        aria-describedby={`${id}-note`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setText(nodeId);
        }}
      />
    </FormField>
  );
}
