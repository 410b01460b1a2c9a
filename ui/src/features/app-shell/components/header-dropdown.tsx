import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useDismiss } from '../hooks/use-dismiss.ts';

interface HeaderDropdownProps {
  /** The panel's id, which the button controls. */
  id: string;
  /** The button's accessible name (it should contain what the button shows). */
  label: string;
  /** What the button shows. */
  button: ReactNode;
  /** The panel's content; `close` closes it (after a choice). */
  children: (close: () => void) => ReactNode;
}

/** A button in the app header that opens a panel below it; Escape or a click outside closes it. */
export function HeaderDropdown({ id, label, button, children }: HeaderDropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm h-auto min-h-9 gap-2 px-2"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {button}
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="hidden size-4 opacity-60 sm:block"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open && (
        <div
          id={id}
          className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
