import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Where the sidebar stops being a menu behind a button and stays open (Tailwind's `lg`, as `lg:drawer-open`). */
const WIDE = '(min-width: 1024px)';

/** Calls `then` once `element` can take focus (the drawer turns visible after a short transition), or gives up after about a second. */
function whenVisible(element: HTMLElement, then: () => void): () => void {
  let frame = 0;
  let tries = 0;
  const check = () => {
    if (element.checkVisibility({ visibilityProperty: true })) then();
    else if (tries++ < 60) frame = requestAnimationFrame(check);
  };
  frame = requestAnimationFrame(check);
  return () => cancelAnimationFrame(frame);
}

/**
 * The phone menu's state and focus (WCAG 2.4.3): opened, focus moves to the current page's link (else the first); Escape
 * closes it; closed (by Escape, the overlay, its close button or a link), focus goes back to the
 * menu button. While open, what is behind it is inert (the caller marks it so), as behind a modal
 * dialog. A window made wide enough for the fixed sidebar closes it, so nothing stays inert there.
 */
export function usePhoneMenu(sidebar: RefObject<HTMLElement | null>, button: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  // Only a menu that was open gives focus back: not the first render's closed state.
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      // The current page's link, else the first one: where the reader is, in the menu.
      const first =
        sidebar.current?.querySelector<HTMLElement>('a[aria-current="page"]') ?? sidebar.current?.querySelector<HTMLElement>('a[href]');
      if (!first) return;
      return whenVisible(first, () => first.focus());
    }
    if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
  }, [open, sidebar, button]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const wide = window.matchMedia(WIDE);
    const onWide = () => {
      if (wide.matches) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  return { open, openMenu: useCallback(() => setOpen(true), []), closeMenu: useCallback(() => setOpen(false), []) };
}
