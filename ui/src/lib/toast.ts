import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** How a toast looks: `error` is the spec's destructive variant. */
export type ToastTone = 'error' | 'success' | 'info';

/** What a screen asks to show: the spec's toast title (section 8) and its text. */
export interface ToastInput {
  title: string;
  description?: string;
  tone?: ToastTone;
}

/** The one notification on screen (spec section 9: at most one toast at a time). */
export interface Toast extends Required<Pick<ToastInput, 'title' | 'tone'>> {
  id: number;
  description?: string;
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
    ({ title, description, tone = 'info' }: ToastInput) =>
      setToast({ id: nextId++, title, tone, ...(description === undefined ? {} : { description }) }),
    [setToast],
  );
}
