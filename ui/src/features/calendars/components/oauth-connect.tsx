import { refusalText } from '../../../lib/api-client.ts';
import { useStartOAuth, type CalendarProvider } from '../api/calendars-api.ts';
import { oauthButtonLabel } from '../utils/calendar-form.ts';

/**
 * Connecting a calendar through its provider's sign-in (Google, Microsoft): a button that sends the
 * browser there; or, when this server's OAuth client for it is not set up, why it is unavailable and
 * which variables the operator sets (never a button that cannot work).
 */
export function OAuthConnect({ provider }: { provider: CalendarProvider }) {
  const start = useStartOAuth();
  if (provider.oauth && !provider.oauth.configured)
    return (
      <div className="rounded-box border border-dashed border-base-300 p-4 text-sm" data-testid="calendar-oauth-unavailable">
        <p className="font-medium">{provider.displayName} is not available on this server yet.</p>
        <p className="mt-1 text-base-content/70">
          Its sign-in needs an OAuth client of this Meetflow’s own: the operator sets{' '}
          {provider.oauth.missing.map((name, index) => (
            <span key={name}>
              {index > 0 && ' and '}
              <code className="wrap-anywhere">{name}</code>
            </span>
          ))}{' '}
          and restarts it.
        </p>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={start.isPending || start.isSuccess}
          onClick={() => start.mutate(provider.pluginId)}
        >
          {(start.isPending || start.isSuccess) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {oauthButtonLabel(provider.displayName)}
        </button>
        <span className="text-sm text-base-content/70">
          You sign in there and allow Meetflow to read your free/busy times and put booked meetings in your calendar.
        </span>
      </div>
      {start.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400 wrap-anywhere" data-testid="calendar-connect-error">
          {refusalText(start.error)}
        </p>
      )}
    </div>
  );
}
