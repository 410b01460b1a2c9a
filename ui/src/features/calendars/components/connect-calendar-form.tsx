import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useConnectCalendar, type CalendarProvider } from '../api/calendars-api.ts';
import { emptyAccount, fieldErrors, inputTypeOf } from '../utils/calendar-form.ts';
import { OAuthConnect } from './oauth-connect.tsx';

const HINTS: Record<string, string> = {
  serverUrl: 'The server (its calendar is found by itself) or the calendar’s own address.',
  username: 'The login of the calendar account.',
  password: 'Stored encrypted and never shown again.',
};

/**
 * The connect form of a calendar: the fields the chosen plugin declares (a secret one as a password
 * field), checked by the calendar on Connect; for one that connects through its provider's sign-in
 * (Google, Microsoft), its Connect with … button instead.
 */
export function ConnectCalendarForm({ providers }: { providers: readonly CalendarProvider[] }) {
  const [pluginId, setPluginId] = useState(providers[0]!.pluginId);
  const provider = providers.find((candidate) => candidate.pluginId === pluginId) ?? providers[0]!;
  const [account, setAccount] = useState<Record<string, string>>(() => emptyAccount(provider));
  const connect = useConnectCalendar();
  const errors = connect.error instanceof ApiError ? fieldErrors(connect.error.fields) : {};
  const fieldless = connect.error && Object.keys(errors).every((key) => key === '');

  const oauth = provider.connect === 'oauth';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (oauth) return;
    connect.mutate({ pluginId: provider.pluginId, account });
  };
  const choose = (id: string) => {
    const next = providers.find((candidate) => candidate.pluginId === id);
    if (!next) return;
    setPluginId(id);
    setAccount(emptyAccount(next));
    connect.reset();
  };

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={submit} aria-labelledby="connect-calendar-title" noValidate>
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id="connect-calendar-title" className="font-semibold">
          Connect a calendar
        </h3>
        {providers.length > 1 && (
          <FormField id="calendar-provider" label="Calendar" hint="Where the calendar is kept." labelClassName="font-medium">
            <select
              id="calendar-provider"
              className="select select-bordered w-full"
              value={pluginId}
              onChange={(event) => choose(event.target.value)}
              aria-describedby="calendar-provider-note"
            >
              {providers.map((option) => (
                <option key={option.pluginId} value={option.pluginId}>
                  {option.displayName}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {providers.length === 1 && <p className="text-sm text-base-content/70">{provider.displayName}</p>}
        {oauth ? (
          <OAuthConnect provider={provider} />
        ) : (
          <>
            <div className="grid gap-4 md:grid-cols-3">
              {provider.fields.map((field) => {
                const id = `calendar-${field.key}`;
                const error = errors[field.key];
                return (
                  <FormField
                    key={field.key}
                    id={id}
                    label={field.label}
                    error={error}
                    hint={HINTS[field.key] ?? (field.secret ? 'Stored encrypted and never shown again.' : '')}
                    className="min-w-0"
                    labelClassName="font-medium"
                  >
                    <input
                      id={id}
                      name={field.key}
                      type={inputTypeOf(field)}
                      className="input input-bordered w-full"
                      autoComplete={field.secret ? 'new-password' : 'off'}
                      value={account[field.key] ?? ''}
                      aria-invalid={Boolean(error)}
                      aria-describedby={`${id}-note`}
                      onChange={(event) => setAccount({ ...account, [field.key]: event.target.value })}
                    />
                  </FormField>
                );
              })}
            </div>
            {fieldless && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400 wrap-anywhere" data-testid="calendar-connect-error">
                {refusalText(connect.error)}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="btn btn-primary" disabled={connect.isPending}>
                {connect.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Connect
              </button>
              <span className="text-sm text-base-content/70">
                Meetflow reads the next hour of the calendar first: a wrong login is refused now.
              </span>
            </div>
          </>
        )}
      </div>
    </form>
  );
}
