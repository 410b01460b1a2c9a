import { useId, useRef, type ReactNode } from 'react';
import { useCopy } from '../hooks/use-copy.ts';

interface OneTimeSecretProps {
  /** What the secret is, e.g. "Invitation link". */
  label: string;
  value: string;
  /** The test id of the element holding the secret (its text is the secret). */
  testId: string;
  /** How to use it, below the "shown once" note. */
  children?: ReactNode;
  /** How Meetflow keeps it: a hash (an invitation, an API token) or encrypted (a signing secret it must use again). */
  kept?: 'hash' | 'encrypted';
  onDone: () => void;
}

const KEPT = { hash: 'stores only a hash of it', encrypted: 'keeps it encrypted' } as const;

const COPY_LABELS = { idle: 'Copy', copied: '✓ Copied', failed: 'Press Ctrl+C' } as const;

/**
 * A secret the API shows this once (an invitation link, an API token): the whole secret, wrapped
 * rather than cut off, Copy, and a clear note that it will not be shown again.
 */
export function OneTimeSecret({ label, value, testId, children, kept = 'hash', onDone }: OneTimeSecretProps) {
  const labelId = useId();
  const secret = useRef<HTMLElement>(null);
  const [copyState, copy] = useCopy();
  // When the browser refuses the clipboard, the secret is selected for the user to copy.
  const select = () => {
    if (secret.current) window.getSelection()?.selectAllChildren(secret.current);
  };
  return (
    <div className="flex flex-col gap-3 rounded-box border border-success/40 bg-success/10 p-4" data-testid={`${testId}-panel`}>
      <p id={labelId} className="text-sm font-semibold wrap-anywhere">
        {label}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <code
          ref={secret}
          aria-labelledby={labelId}
          className="min-w-0 flex-1 rounded-field border border-base-300 bg-base-100 px-3 py-2 font-mono text-sm break-all select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <button type="button" className="btn btn-primary shrink-0" onClick={() => void copy(value, select)}>
          {COPY_LABELS[copyState]}
        </button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copyState === 'copied' ? `${label} copied to the clipboard.` : copyState === 'failed' ? 'Copying was refused: press Ctrl+C.' : ''}
      </span>
      <p className="text-sm">
        <strong>Shown once.</strong> Copy it now: Meetflow {KEPT[kept]} and cannot show it again.
      </p>
      {children}
      <div>
        <button type="button" className="btn btn-sm" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
