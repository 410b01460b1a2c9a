import { useEffect, useLayoutEffect, type RefObject } from 'react';

/**
 * Shows a native <dialog> as a modal while `open` (focus moves in and is trapped there; Escape
 * fires its `cancel`), and closes it when `open` turns false or the component unmounts while it
 * is open. Closing through `close()` is what makes the browser give focus back to the element
 * that had it before the dialog opened (WCAG 2.4.3): a dialog merely removed from the page
 * leaves focus nowhere.
 *
 * Opened and closed after React's commit: React puts focus back on a field that had it before a
 * commit, so a close inside one would send focus back into the closing dialog (lost once it is
 * gone). Unmounted while open, it is closed in a layout cleanup, while still in the page.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, open = true): void {
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [dialog, open]);

  useLayoutEffect(() => {
    const element = dialog.current;
    return () => {
      if (element?.open) element.close();
    };
  }, [dialog]);
}
