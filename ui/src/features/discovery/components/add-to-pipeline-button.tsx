import { useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useAddProspect } from '../api/add-prospect.ts';
import type { DiscoveredProspect } from '../api/types.ts';
import { newProspectOf } from '../utils/new-prospect.ts';

/** Why a prospect without an email cannot be added. */
const NO_EMAIL = 'No email address from the source: a prospect needs one to be contacted, so it cannot join the pipeline';

export const isDuplicate = (error: unknown) => error instanceof ApiError && error.status === 409;

/** Where a discovered person stands with the pipeline once added: added now, or there already (409). */
export type PipelineState = 'added' | 'duplicate';

interface AddToPipelineButtonProps {
  prospect: DiscoveredProspect;
  /** What is known already (an "Add selected" of the whole list, or an earlier discovery). */
  state?: PipelineState;
  /** Told when this button adds the person, or finds them there already. */
  onState?: (state: PipelineState) => void;
}

/**
 * Adds the prospect to the pipeline (POST /api/prospects). After a 201 it reads "In pipeline";
 * after a 409 (a prospect with this email exists) "Already in pipeline"; both stay disabled.
 * Any other failure is a toast with the API's `STATUS: body`, and the button can be tried again.
 */
export function AddToPipelineButton({ prospect, state, onState }: AddToPipelineButtonProps) {
  const toast = useToast();
  const addProspect = useAddProspect();
  const body = newProspectOf(prospect);
  const noEmailId = useId();
  const known: PipelineState | undefined =
    state ?? (addProspect.isSuccess ? 'added' : isDuplicate(addProspect.error) ? 'duplicate' : undefined);

  if (!body) {
    // A wrapper carries the tooltip: a disabled button gets no hover events.
    return (
      <span className="tooltip" data-tip={NO_EMAIL}>
        <button type="button" className="btn btn-sm btn-primary" disabled aria-describedby={noEmailId}>
          Add to Pipeline
        </button>
        <span id={noEmailId} className="sr-only">
          {NO_EMAIL}
        </span>
      </span>
    );
  }
  if (known) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-success btn-soft"
        disabled
        title={known === 'added' ? 'Added to the pipeline' : 'A prospect with this email is already in the pipeline'}
      >
        {known === 'added' ? 'In pipeline' : 'Already in pipeline'}
      </button>
    );
  }
  const add = () =>
    addProspect.mutate(body, {
      onSuccess: () => onState?.('added'),
      onError: (error) => {
        if (isDuplicate(error)) onState?.('duplicate');
        else toast({ title: 'Could not add to the pipeline', description: error.message, tone: 'error' });
      },
    });
  return (
    <button type="button" className="btn btn-sm btn-primary" disabled={addProspect.isPending} onClick={add}>
      {addProspect.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Add to Pipeline
    </button>
  );
}
