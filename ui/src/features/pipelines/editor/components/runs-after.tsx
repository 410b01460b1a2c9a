import { useId, useRef, useState } from 'react';
import type { PipelineDefinition } from '../../api/types.ts';
import { pipelineOrder, stepsBefore } from '../../components/graph/order.ts';
import { wouldCreateCycle } from '../utils/definition-edits.ts';

interface RunsAfterProps {
  definition: PipelineDefinition;
  nodeId: string;
  onConnectFrom: (from: string) => void;
  onDisconnectFrom: (from: string) => void;
}

/**
 * The steps a step runs after (its edges in), each removable, and a choice of the steps it may
 * also run after (none that would close a loop): the keyboard's way to connect and disconnect
 * what the canvas draws as edges.
 */
export function RunsAfter({ definition, nodeId, onConnectFrom, onDisconnectFrom }: RunsAfterProps) {
  const ids = useId();
  const [choice, setChoice] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const before = stepsBefore(definition, nodeId);
  const name = (id: string) => definition.nodes.find((node) => node.id === id)?.label ?? id;
  const candidates = pipelineOrder(definition).filter(
    (id) => id !== nodeId && !before.includes(id) && !wouldCreateCycle(definition, id, nodeId),
  );
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${ids}-heading`} data-testid="runs-after">
      <h3 ref={heading} id={`${ids}-heading`} tabIndex={-1} className="text-sm font-semibold outline-none">
        Runs after
      </h3>
      {before.length === 0 ? (
        <p className="text-sm text-base-content/70">No step: it starts the run, from the run input.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {before.map((from) => (
            <li key={from} className="flex items-center justify-between gap-2 rounded-field bg-base-200 px-2 py-1 text-sm">
              <span className="min-w-0 truncate font-mono" title={from}>
                {name(from)}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Stop running after ${name(from)}`}
                onClick={() => {
                  onDisconnectFrom(from);
                  // The button goes with the edge: focus stays in the section, once it is drawn again.
                  requestAnimationFrame(() => (select.current ?? heading.current)?.focus());
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > 0 && (
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!choice) return;
            onConnectFrom(choice);
            setChoice('');
            // Connect turns disabled with nothing chosen: focus goes back to the choice (or the heading, once none is left).
            requestAnimationFrame(() => (select.current ?? heading.current)?.focus());
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <label htmlFor={`${ids}-choice`}>Also run after</label>
            <select
              ref={select}
              id={`${ids}-choice`}
              className="select select-sm w-full"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">Choose a step…</option>
              {candidates.map((id) => (
                <option key={id} value={id}>
                  {name(id) === id ? id : `${name(id)} (${id})`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-outline btn-sm" disabled={!choice}>
            Connect
          </button>
        </form>
      )}
    </section>
  );
}
