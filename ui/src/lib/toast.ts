import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** The one notification on screen (spec section 9: at most one toast at a time). */
export interface Toast {
  id: number;
  tone: 'error' | 'success' | 'info';
  message: string;
}

/** How long a toast stays before it removes itself (spec section 9). */
export const TOAST_DURATION_MS = 5_000;

/** Holds the current toast; a new one replaces it rather than stacking. */
export const toastAtom = atom<Toast | null>(null);

let nextId = 1;

/** Returns a function that shows a toast, replacing any toast already shown. */
export function useToast() {
  const setToast = useSetAtom(toastAtom);
  return useCallback(
    (message: string, tone: Toast['tone'] = 'info') => setToast({ id: nextId++, tone, message }),
    [setToast],
  );
}
