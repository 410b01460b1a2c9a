import { useId } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useAddProspect } from '../api/add-prospect.ts';
import type { DiscoveredProspect } from '../api/types.ts';
import { newProspectOf } from '../utils/new-prospect.ts';

/** Why a prospect without an email cannot be added. */
const NO_EMAIL = 'No email address from the source: a prospect needs one to be contacted, so it cannot join the pipeline';

const isDuplicate = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * Adds the prospect to the pipeline (POST /api/prospects). After a 201 it reads "In pipeline";
 * after a 409 (a prospect with this email exists) "Already in pipeline"; both stay disabled.
 * Any other failure is a toast with the API's `STATUS: body`, and the button can be tried again.
 */
export function AddToPipelineButton({ prospect }: { prospect: DiscoveredProspect }) {
  const toast = useToast();
  const addProspect = useAddProspect();
  const body = newProspectOf(prospect);
  const noEmailId = useId();

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
  if (addProspect.isSuccess || isDuplicate(addProspect.error)) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-success btn-soft"
        disabled
        title={addProspect.isSuccess ? 'Added to the pipeline' : 'A prospect with this email is already in the pipeline'}
      >
        {addProspect.isSuccess ? 'In pipeline' : 'Already in pipeline'}
      </button>
    );
  }
  const add = () =>
    addProspect.mutate(body, {
      onError: (error) => {
        if (!isDuplicate(error)) toast({ title: 'Could not add to the pipeline', description: error.message, tone: 'error' });
      },
    });
  return (
    <button type="button" className="btn btn-sm btn-primary" disabled={addProspect.isPending} onClick={add}>
      {addProspect.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Add to Pipeline
    </button>
  );
}
