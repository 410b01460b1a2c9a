import { useEffect, useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable="true"]';

/** The elements of a dialog that Tab stops on, in order: enabled, drawn, not taken out of the Tab order. */
function tabStops(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 && !element.matches(':disabled') && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/**
 * Shows a native <dialog> as a modal while `open` (focus moves in; Escape fires its `cancel`),
 * and closes it when `open` turns false or the component unmounts while it is open. Closing
 * through `close()` is what makes the browser give focus back to the element that had it before
 * the dialog opened (WCAG 2.4.3): a dialog merely removed from the page leaves focus nowhere.
 * Tab from its last stop goes round to its first, and Shift+Tab from its first to its last: the
 * browser would otherwise take focus out of the page to its own toolbar.
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

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const goRound = (event: KeyboardEvent) => {
      // A dialog opened inside this one goes round its own stops.
      if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as Element | null)?.closest('dialog') !== element) return;
      const stops = tabStops(element);
      const first = stops[0];
      const last = stops.at(-1);
      if (!first || !last) return;
      const from = document.activeElement;
      const next = event.shiftKey ? (from === first || !element.contains(from) ? last : null) : from === last ? first : null;
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    element.addEventListener('keydown', goRound);
    return () => element.removeEventListener('keydown', goRound);
  }, [dialog]);
}
