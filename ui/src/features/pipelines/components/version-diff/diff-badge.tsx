import type { DiffState } from './merge-versions.ts';
import { DIFF_LOOK } from './diff-look.ts';

/** "+ added", "~ changed" or "− removed" in its colour; nothing for what stayed the same. */
export function DiffBadge({ state }: { state: DiffState }) {
  if (state === 'same') return null;
  const look = DIFF_LOOK[state];
  return (
    <span className={`badge badge-sm gap-1 whitespace-nowrap ${look.badge}`}>
      <span aria-hidden="true">{look.sign}</span> {look.word}
    </span>
  );
}
