import { FormField } from '../../../../components/ui/form-field.tsx';
import type { PipelineNode } from '../../api/types.ts';
import { messagesAt, type PlacedProblem } from '../utils/problems.ts';
import { DEFAULT_RETRY, DEFAULT_TIMEOUT, durationSetting, numberSetting, withRetry, type RetryKey } from '../utils/retry.ts';

/** The parts of a step this section sets, as problems name them. */
export const RETRY_FIELDS = ['timeout', 'retry', ...Object.keys(DEFAULT_RETRY).map((key) => `retry.${key}`)];

interface RetrySettingsProps {
  node: PipelineNode;
  /** The timeout the activity's plugin manifest declares, if it declares one. */
  pluginTimeout: string | undefined;
  problems: PlacedProblem[] | undefined;
  /** Changes the step; `key` names what changed, so keystrokes in one field undo together. */
  onEdit: (change: (node: PipelineNode) => PipelineNode, key: string) => void;
}

/** How one retry setting is asked for. */
interface RetryField {
  key: RetryKey;
  label: string;
  hint: string;
  kind: 'count' | 'factor' | 'duration';
}

const RETRY_FIELD_LIST: readonly RetryField[] = [
  { key: 'maximumAttempts', label: 'Attempts', hint: 'In all, 1 to 100; 1 never retries.', kind: 'count' },
  { key: 'backoffCoefficient', label: 'Backoff', hint: 'Each wait is the last times this, 1 to 10.', kind: 'factor' },
  { key: 'initialInterval', label: 'First wait', hint: 'Before the first retry.', kind: 'duration' },
  { key: 'maximumInterval', label: 'Longest wait', hint: 'No wait is longer.', kind: 'duration' },
];

/**
 * The step's timeout and retry settings. An empty field keeps the default, which its placeholder
 * shows (the timeout: the plugin manifest's, else the interpreter's); a value the platform refuses
 * shows its problem under the field.
 */
export function RetrySettings({ node, pluginTimeout, problems, onEdit }: RetrySettingsProps) {
  const timeoutId = `${node.id}-timeout`;
  const setTimeoutText = (text: string) =>
    onEdit(({ timeout: _old, ...current }) => {
      const timeout = durationSetting(text);
      return timeout === undefined ? current : { ...current, timeout };
    }, `${node.id}:timeout`);
  // A problem with the retry settings as a whole (a key the platform does not know) goes under the heading.
  const whole = messagesAt(problems, 'retry');
  return (
    <section className="flex flex-col gap-3" aria-label="Timeout and retries">
      <div>
        <h3 className="text-sm font-semibold">Timeout and retries</h3>
        <p className="text-xs text-base-content/60">
          Empty fields keep the defaults: {DEFAULT_RETRY.maximumAttempts} attempts, waiting {DEFAULT_RETRY.initialInterval} doubling up to{' '}
          {DEFAULT_RETRY.maximumInterval}.
        </p>
        {whole.length > 0 && (
          <p className="text-xs text-error" data-testid="retry-problem">
            {whole.join(' ')}
          </p>
        )}
      </div>
      <FormField
        id={timeoutId}
        label="Timeout"
        optional
        hint={`How long one attempt may take, e.g. "30 seconds"; ${pluginTimeout ? `the plugin's ${pluginTimeout}` : DEFAULT_TIMEOUT} when empty.`}
        error={messagesAt(problems, 'timeout')[0]}
      >
        <input
          id={timeoutId}
          type="text"
          className={`input input-sm w-full ${messagesAt(problems, 'timeout').length > 0 ? 'input-error' : ''}`}
          placeholder={pluginTimeout ?? DEFAULT_TIMEOUT}
          value={node.timeout ?? ''}
          aria-describedby={`${timeoutId}-note`}
          onChange={(event) => setTimeoutText(event.target.value)}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-x-3 gap-y-3">
        {RETRY_FIELD_LIST.map((field) => (
          <RetryInput key={field.key} field={field} node={node} error={messagesAt(problems, `retry.${field.key}`)[0]} onEdit={onEdit} />
        ))}
      </div>
    </section>
  );
}

interface RetryInputProps {
  field: RetryField;
  node: PipelineNode;
  error: string | undefined;
  onEdit: RetrySettingsProps['onEdit'];
}

/** One retry setting: a number or a duration, empty for the default. */
function RetryInput({ field, node, error, onEdit }: RetryInputProps) {
  const id = `${node.id}-retry-${field.key}`;
  const value = node.retry?.[field.key];
  const numeric = field.kind !== 'duration';
  const set = (text: string) =>
    onEdit(
      (current) => withRetry(current, field.key, numeric ? numberSetting(text) : durationSetting(text)),
      `${node.id}:retry.${field.key}`,
    );
  return (
    <FormField id={id} label={field.label} hint={field.hint} error={error}>
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        inputMode={field.kind === 'count' ? 'numeric' : field.kind === 'factor' ? 'decimal' : undefined}
        step={field.kind === 'factor' ? 0.1 : numeric ? 1 : undefined}
        className={`input input-sm w-full ${error ? 'input-error' : ''}`}
        placeholder={String(DEFAULT_RETRY[field.key])}
        value={value ?? ''}
        aria-describedby={`${id}-note`}
        onChange={(event) => set(event.target.value)}
      />
    </FormField>
  );
}
