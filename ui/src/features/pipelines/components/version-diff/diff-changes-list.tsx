import { Fragment } from 'react';
import { INPUT_NODE_ID } from '../graph/flow-types.ts';
import { DiffBadge } from './diff-badge.tsx';
import type { DiffGraph, DiffState } from './merge-versions.ts';

// Added first, then changed, then removed: the order the summary counts them in.
const ORDER: Record<DiffState, number> = { added: 0, changed: 1, removed: 2, same: 3 };

/** Every difference in words: each step added, changed (with what) or removed, then each edge added or removed. */
export function DiffChangesList({ graph }: { graph: DiffGraph }) {
  const steps = graph.steps.filter((step) => step.state !== 'same').sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  // The run input's lines follow from the edges, which the summary counts; they are not listed twice.
  const edges = graph.links.filter((link) => link.state !== 'same' && link.from !== INPUT_NODE_ID);
  if (steps.length + edges.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 text-sm" data-testid="diff-changes" aria-label="Every change">
      {steps.map(({ node, state, changes }) => (
        <li key={`step-${node.id}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <DiffBadge state={state} />{' '}
          <span className="min-w-0 wrap-anywhere">
            Step <span className="font-semibold">{node.label ?? node.id}</span>{' '}
            <span className="font-mono text-xs text-base-content/60">
              {node.label && <>{node.id} · </>}
              {node.activity}
            </span>
          </span>
          {changes.length > 0 && (
            <span className="flex min-w-0 flex-wrap gap-1">
              {/* Spaced in the text too, so the parts are read as words, not run together. */}
              {changes.map((change) => (
                <Fragment key={change}>
                  {' '}
                  <code className="rounded bg-warning/15 px-1.5 py-0.5 font-mono text-xs wrap-anywhere">{change}</code>
                </Fragment>
              ))}
            </span>
          )}
        </li>
      ))}
      {edges.map(({ from, to, state }) => (
        <li key={`edge-${from}-${to}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <DiffBadge state={state} />{' '}
          <span className="min-w-0 wrap-anywhere">
            Edge{' '}
            <span className="font-mono text-xs">
              {from} → {to}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
