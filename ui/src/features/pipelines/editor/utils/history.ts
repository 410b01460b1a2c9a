/** An undo history: the states before the present (oldest first), the present, and the undone ones (next first). */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** What the last edit changed; another edit of the same thing replaces it rather than adding a step. */
  lastKey: string | null;
}

/**
 * What changes a history: an edit (with `key`, consecutive edits of one field, such as each
 * keystroke of a name, make one undo step), undo, redo, or a fresh start (loading or saving).
 */
export type HistoryAction<T> =
  { type: 'edit'; change: (present: T) => T; key?: string } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; present: T };

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;

/** A history with nothing to undo or redo. */
export const freshHistory = <T>(present: T): History<T> => ({ past: [], present, future: [], lastKey: null });

/** The undo/redo reducer: an edit changes the present (clearing what was undone); undo and redo move one state across. */
export function historyReducer<T>(history: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'edit': {
      const next = action.change(history.present);
      if (next === history.present) return history;
      const key = action.key ?? null;
      if (key !== null && key === history.lastKey) return { ...history, present: next, future: [] };
      return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [], lastKey: key };
    }
    case 'undo': {
      const previous = history.past.at(-1);
      if (previous === undefined) return history;
      return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastKey: null };
    }
    case 'redo': {
      const [next, ...rest] = history.future;
      if (next === undefined) return history;
      return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
    }
    case 'reset':
      return freshHistory(action.present);
  }
}
