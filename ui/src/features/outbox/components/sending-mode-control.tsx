import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../lib/toast.ts';
import { useAccount } from '../../auth/index.ts';
import { sendingConfigQueryOptions, useUpdateSending, type SendingMode } from '../api/sending-api.ts';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';

const TOGGLE_LABEL = 'Review every email before it is sent';
const AUTONOMOUS = 'Meetflow will send generated emails without review, within the sending guardrails.';

/** The workspace's sending mode: a toggle for admins (a confirmation before sending without review), a sentence for everyone else. */
export function SendingModeControl({ canSwitch }: { canSwitch: boolean }) {
  const config = useQuery(sendingConfigQueryOptions());
  const setMode = useUpdateSending();
  const account = useAccount();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  const switchTo = (mode: SendingMode) => {
    setConfirming(false);
    setMode.mutate(
      { mode },
      {
        onSuccess: () =>
          toast(
            mode === 'review'
              ? { title: 'Review Mode On', description: 'Every new email waits here for approval.', tone: 'success' }
              : { title: 'Autonomous Mode On', description: AUTONOMOUS, tone: 'success' },
          ),
        onError: (error) => {
          toast({ title: 'Mode Not Changed', description: refusalText(error), tone: 'error' });
          if (isForbidden(error)) void account.refetch();
        },
      },
    );
  };

  if (config.isPending) return <span className="loading loading-spinner loading-sm" aria-label="Loading the sending mode" />;
  if (config.isError)
    return (
      <p className="text-sm text-base-content/70" data-testid="sending-mode-error" title={config.error.message}>
        The sending mode could not be loaded.
      </p>
    );
  const mode = config.data.mode;
  if (!canSwitch)
    return (
      <p className="text-sm" data-testid="sending-mode" data-mode={mode} title="Only admins and owners change the sending mode">
        {mode === 'review' ? (
          <>
            <span className="badge badge-info badge-sm mr-2">Review mode</span>Every email is approved before it is sent.
          </>
        ) : (
          <>
            <span className="badge badge-warning badge-sm mr-2">Autonomous</span>Emails are sent without review.
          </>
        )}
      </p>
    );
  return (
    <>
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={mode === 'review'}
          disabled={setMode.isPending}
          onChange={(event) => (event.target.checked ? switchTo('review') : setConfirming(true))}
          data-testid="sending-mode"
          data-mode={mode}
        />
        <span className="font-medium">{TOGGLE_LABEL}</span>
        {setMode.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      </label>
      {confirming && (
        <ConfirmDialog
          open
          title="Send without review?"
          confirmLabel="Send without review"
          cancelLabel="Keep reviewing"
          onConfirm={() => switchTo('autonomous')}
          onCancel={() => setConfirming(false)}
        >
          <p>{AUTONOMOUS} You can turn review back on at any time.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
