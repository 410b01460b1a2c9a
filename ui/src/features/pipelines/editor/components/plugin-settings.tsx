import { useId, useMemo, useState } from 'react';
import type { PipelineNode } from '../../api/types.ts';
import type { PlacedProblem } from '../utils/problems.ts';
import {
  FOLD_PAST,
  serverValueText,
  settingFields,
  settingsProblems,
  settingsSet,
  withoutSettings,
  withSetting,
  type PluginConfig,
  type SettingField,
} from '../utils/plugin-settings.ts';
import { ConstantInput } from './constant-input.tsx';

interface PluginSettingsProps {
  node: PipelineNode;
  /** The config of the step's plugin, from GET /api/plugins. */
  config: PluginConfig;
  pluginName: string;
  problems: PlacedProblem[] | undefined;
  /** Changes the step; `key` names what changed, so keystrokes in one field undo together. */
  onEdit: (change: (node: PipelineNode) => PipelineNode, key: string) => void;
}

/**
 * The step's own settings of its plugin, a form generated from the plugin's config schema:
 * constants only, each field empty for the server's value (its placeholder), the server's
 * problems under their fields. Credentials and other server-only fields are not offered. Folded
 * while the step sets nothing and the plugin has many settings; open whenever there is a problem.
 */
export function PluginSettings({ node, config, pluginName, problems, onEdit }: PluginSettingsProps) {
  const fields = useMemo(() => settingFields(config), [config]);
  const set = settingsSet(node);
  const { byField, other } = settingsProblems(
    problems,
    fields.map((field) => field.key),
  );
  const problemCount = [...byField.values()].flat().length + other.length;
  const [open, setOpen] = useState(() => set > 0 || fields.length <= FOLD_PAST);
  const bodyId = useId();
  if (fields.length === 0 && set === 0) return null;
  const expanded = open || problemCount > 0;

  return (
    <section className="flex flex-col gap-3" aria-label="Plugin settings" data-testid="plugin-settings">
      <div className="flex flex-col gap-0.5">
        <button
          type="button"
          className="flex items-center gap-2 text-left text-sm font-semibold"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setOpen(!expanded)}
        >
          <span aria-hidden="true" className={`inline-block w-3 text-base-content/60 transition-transform ${expanded ? 'rotate-90' : ''}`}>
            ▸
          </span>
          Plugin settings
          {set > 0 && (
            <span className="badge badge-ghost badge-sm font-normal" data-testid="plugin-settings-count">
              {set} set
            </span>
          )}
          {problemCount > 0 && (
            <span className="badge badge-error badge-sm font-normal">
              {problemCount} problem{problemCount === 1 ? '' : 's'}
            </span>
          )}
        </button>
        <p className="pl-5 text-xs text-base-content/60">
          {pluginName}'s settings for this step only; an empty field keeps the server's value, shown greyed.
        </p>
      </div>
      <div id={bodyId} hidden={!expanded} className={`${expanded ? 'flex' : 'hidden'} flex-col gap-3 border-l-2 border-base-300 pl-3`}>
        {other.length > 0 && (
          <ul className="flex flex-col gap-1 text-xs text-error" data-testid="plugin-settings-problems">
            {other.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {fields.map((field) => (
          <SettingInput
            key={field.key}
            nodeId={node.id}
            field={field}
            value={node.config?.[field.key]}
            messages={byField.get(field.key) ?? []}
            onChange={(value) => onEdit((current) => withSetting(current, field.key, value), `${node.id}:config.${field.key}`)}
          />
        ))}
        {set > 0 && (
          <button
            type="button"
            className="link link-hover self-start text-xs text-base-content/70"
            onClick={() => onEdit(withoutSettings, `${node.id}:config`)}
          >
            Use the server's settings
          </button>
        )}
      </div>
    </section>
  );
}

interface SettingInputProps {
  nodeId: string;
  field: SettingField;
  value: unknown;
  messages: string[];
  /** Undefined: back to the server's value. */
  onChange: (value: unknown) => void;
}

/** One setting: a typed control (a choice for a switch or an enum, whose first option is the server's value), its doc line or problems under it. */
function SettingInput({ nodeId, field, value, messages, onChange }: SettingInputProps) {
  const id = `${nodeId}-config-${field.key}`;
  const noteId = `${id}-note`;
  const invalid = messages.length > 0;
  const server = serverValueText(field.serverValue);
  const choices = field.kind === 'boolean' ? [true, false] : field.kind === 'enum' ? field.options : null;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid={`setting-${field.key}`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <label htmlFor={id} className="font-medium">
          {field.key}
        </label>
        <span className="font-mono text-xs text-base-content/60">{field.typeText}</span>
      </div>
      {choices ? (
        <select
          id={id}
          aria-describedby={noteId}
          aria-invalid={invalid || undefined}
          className={`select select-sm w-full ${invalid ? 'select-error' : ''} ${value === undefined ? 'text-base-content/60' : ''}`}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : JSON.parse(event.target.value))}
        >
          <option value="">Server's: {server}</option>
          {choices.map((choice) => (
            <option key={JSON.stringify(choice)} value={JSON.stringify(choice)}>
              {serverValueText(choice)}
            </option>
          ))}
        </select>
      ) : (
        <ConstantInput
          id={id}
          field={field}
          value={value}
          onChange={onChange}
          invalid={invalid}
          describedBy={noteId}
          placeholder={server}
        />
      )}
      <div id={noteId} className="text-xs">
        {messages.map((message) => (
          <p key={message} className="text-error" data-testid={`setting-problem-${field.key}`}>
            {message}
          </p>
        ))}
        {!invalid && (field.description || field.kind === 'json') && (
          <p className="text-base-content/60">
            {field.description}
            {field.kind === 'json' && ' Set as a whole, in JSON: it replaces the server’s whole value.'}
          </p>
        )}
      </div>
    </div>
  );
}
