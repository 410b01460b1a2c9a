import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { TOAST_DURATION_MS, toastAtom } from '../../lib/toast.ts';

const TONE_CLASS = { error: 'alert-error', success: 'alert-success', info: 'alert-info' } as const;

/** Renders the current toast bottom-right and dismisses it after {@link TOAST_DURATION_MS}. */
export function Toaster() {
  const [toast, setToast] = useAtom(toastAtom);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);

  if (!toast) return null;
  return (
    <div className="toast toast-end z-50">
      <div role={toast.tone === 'error' ? 'alert' : 'status'} className={`alert ${TONE_CLASS[toast.tone]}`}>
        <span className="max-w-md wrap-anywhere">{toast.message}</span>
        <button type="button" className="btn btn-ghost btn-xs" aria-label="Dismiss notification"
          onClick={() => setToast(null)}>
          ✕
        </button>
      </div>
    </div>
  );
}
