import type { DiffState } from './merge-versions.ts';

/** How a difference looks: its word and sign always sit beside the colour, so colour is never the only cue. */
export interface DiffLook {
  word: string;
  /** A sign read before the word (hidden from screen readers, which read the word). */
  sign: string;
  /** daisyUI badge modifier. */
  badge: string;
  /** Border and background of a step node. */
  node: string;
  /** Colour of an edge and its label. */
  stroke: string;
}

/** Added is green, changed amber, removed red and dashed. */
export const DIFF_LOOK: Record<Exclude<DiffState, 'same'>, DiffLook> = {
  added: { word: 'added', sign: '+', badge: 'badge-success', node: 'border-success bg-success/10', stroke: 'var(--color-success)' },
  changed: { word: 'changed', sign: '~', badge: 'badge-warning', node: 'border-warning bg-warning/10', stroke: 'var(--color-warning)' },
  removed: {
    word: 'removed',
    sign: '−',
    badge: 'badge-error',
    node: 'border-dashed border-error bg-error/5',
    stroke: 'var(--color-error)',
  },
};
