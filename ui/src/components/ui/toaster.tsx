import * as RadixToast from '@radix-ui/react-toast';
import { useAtom } from 'jotai';
import { TOAST_DURATION_MS, toastAtom } from '../../lib/toast.ts';

const TONE_CLASS = { error: 'alert-error', success: 'alert-success', info: 'alert-info' } as const;

/**
 * The notification region (spec section 9): one toast at a time, gone after 5 s, swiped right
 * past 50 px to dismiss, F8 focuses it. Radix provides the region, the timer and the gestures.
 */
export function Toaster() {
  const [toast, setToast] = useAtom(toastAtom);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toast && (
        // A new id remounts the toast, so its timer starts again for the new message.
        <RadixToast.Root
          key={toast.id}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) setToast(null);
          }}
          className={`alert ${TONE_CLASS[toast.tone]} toast-swipe pointer-events-auto w-full shadow-lg`}
          data-testid="toast"
        >
          <div className="min-w-0 flex-1 wrap-anywhere">
            <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
            {toast.description && <RadixToast.Description className="text-sm">{toast.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close className="btn btn-ghost btn-xs" aria-label="Dismiss notification">
            ✕
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      {/* The region itself lets clicks through: only a toast in it covers what is behind. */}
      <RadixToast.Viewport className="pointer-events-none fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-md list-none flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
