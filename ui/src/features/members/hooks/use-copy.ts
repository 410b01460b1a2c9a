import { useEffect, useState } from 'react';

/** Where a copy stands: done, refused by the browser (the text is then selected for the user to copy), or not tried. */
export type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard; the state shows for a few seconds, then the button reads "Copy" again. */
export function useCopy(): [CopyState, (text: string, fallback: () => void) => Promise<void>] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 3_000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async (text: string, fallback: () => void) => {
    try {
      // Absent outside a secure context (plain http on another host): the fallback selects the text instead.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      fallback();
      setState('failed');
    }
  };
  return [state, copy];
}
