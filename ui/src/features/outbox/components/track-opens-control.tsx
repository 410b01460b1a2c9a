import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { useAccount } from '../../auth/index.ts';
import { sendingConfigQueryOptions, useUpdateSending } from '../api/sending-api.ts';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';

const WHY_OFF =
  'Off by default: tracking pixels hurt deliverability, and many mail clients block or pre-fetch them, so opens are approximate.';

/**
 * The workspace's open tracking (`sending.trackOpens`): a switch with why it is off by default for
 * admins, a sentence for everyone else. Nothing while the settings load: the mode control beside it says so.
 */
export function TrackOpensControl({ canSwitch }: { canSwitch: boolean }) {
  const config = useQuery(sendingConfigQueryOptions());
  const update = useUpdateSending();
  const account = useAccount();
  const toast = useToast();
  const explanationId = useId();

  if (!config.data) return null;
  const on = config.data.trackOpens;
  if (!canSwitch)
    return (
      <p className="text-sm" data-testid="track-opens" data-on={on} title="Only admins and owners change open tracking">
        {on ? 'Opens are tracked (approximately: many mail clients block or pre-fetch the pixel).' : 'Opens are not tracked.'}
      </p>
    );

  const switchTo = (trackOpens: boolean) =>
    update.mutate(
      { trackOpens },
      {
        onSuccess: () =>
          toast(
            trackOpens
              ? { title: 'Open Tracking On', description: 'Emails sent from now on carry a tracking pixel.', tone: 'success' }
              : { title: 'Open Tracking Off', description: 'Emails sent from now on carry no tracking pixel.', tone: 'success' },
          ),
        onError: (error) => {
          toast({ title: 'Open Tracking Not Changed', description: refusalText(error), tone: 'error' });
          if (isForbidden(error)) void account.refetch();
        },
      },
    );

  return (
    <div className="flex max-w-md flex-col gap-1">
      <label className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="toggle toggle-primary"
          checked={on}
          disabled={update.isPending}
          onChange={(event) => switchTo(event.target.checked)}
          aria-describedby={explanationId}
          data-testid="track-opens"
          data-on={on}
        />
        <span className="font-medium">Track opens</span>
        {update.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      </label>
      <p id={explanationId} className="text-xs text-base-content/70">
        {WHY_OFF}
      </p>
    </div>
  );
}
