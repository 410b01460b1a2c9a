import { describe, expect, it } from 'vitest';
import { freshHistory, HISTORY_LIMIT, historyReducer, type History, type HistoryAction } from './history.ts';

const run = (actions: HistoryAction<string>[], start = freshHistory('a')): History<string> => actions.reduce(historyReducer, start);

describe('historyReducer', () => {
  it('undoes and redoes edits one at a time', () => {
    const edited = run([
      { type: 'edit', change: () => 'b' },
      { type: 'edit', change: () => 'c' },
    ]);
    const undone = run([{ type: 'undo' }], edited);
    expect(undone.present).toBe('b');
    expect(run([{ type: 'undo' }, { type: 'undo' }], edited).present).toBe('a');
    expect(run([{ type: 'redo' }], undone).present).toBe('c');
  });

  it('drops what was undone when a new edit comes', () => {
    const history = run([{ type: 'edit', change: () => 'b' }, { type: 'undo' }, { type: 'edit', change: () => 'x' }]);
    expect(history.future).toEqual([]);
    expect(run([{ type: 'redo' }], history).present).toBe('x');
  });

  it('makes consecutive edits of one field one step', () => {
    const history = run([
      { type: 'edit', change: () => 'a1', key: 'name' },
      { type: 'edit', change: () => 'a12', key: 'name' },
      { type: 'edit', change: () => 'a12!', key: 'id' },
    ]);
    expect(history.past).toEqual(['a', 'a12']);
    expect(run([{ type: 'undo' }, { type: 'undo' }], history).present).toBe('a');
  });

  it('does nothing with nothing to undo or redo, or an edit that changes nothing', () => {
    const start = freshHistory('a');
    expect(historyReducer(start, { type: 'undo' })).toBe(start);
    expect(historyReducer(start, { type: 'redo' })).toBe(start);
    expect(historyReducer(start, { type: 'edit', change: () => 'a' })).toBe(start);
  });

  it('keeps at most HISTORY_LIMIT steps and starts afresh on reset', () => {
    const many = Array.from({ length: HISTORY_LIMIT + 5 }, (_, index): HistoryAction<string> => ({
      type: 'edit',
      change: () => `v${index}`,
    }));
    expect(run(many).past).toHaveLength(HISTORY_LIMIT);
    expect(run([...many, { type: 'reset', present: 'saved' }])).toEqual(freshHistory('saved'));
  });
});
