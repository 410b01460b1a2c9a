import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useConnectCrm, useStartCrmOAuth, type CrmProvider } from '../api/crm-api.ts';

const emptyAccount = (provider: CrmProvider) => Object.fromEntries(provider.fields.map((field) => [field.key, '']));
/** A CRM with a form (an API key, a token) keeps it; one that connects only through its provider's sign-in gets a button. */
const signsInOnly = (provider: CrmProvider) => !provider.connectWith.includes('fields') && provider.connectWith.includes('oauth');
/** A CRM with a form that may also connect through its sign-in (HubSpot, Pipedrive): offered beside the form only where this server's OAuth client is set up. */
const signInToo = (provider: CrmProvider) =>
  provider.connectWith.includes('fields') && provider.connectWith.includes('oauth') && provider.oauth?.configured === true;
/** What that sign-in takes from the form first: its fields that are not secret (Pipedrive's company address and field keys). */
const signInFields = (provider: CrmProvider) => provider.fields.filter((field) => !field.secret);

/**
 * The connect form of a CRM: the fields its plugin declares (a token as a password field), the CRM
 * asked before anything is stored, and beside it "Connect with HubSpot" for a CRM that may also
 * connect through its sign-in; or, for a CRM that connects only through its provider's sign-in
 * (Salesforce), "Connect with Salesforce" alone. Either sends the browser there.
 */
export function ConnectCrmForm({ providers }: { providers: readonly CrmProvider[] }) {
  const offered = providers.filter((provider) => provider.connectWith.length > 0);
  const [pluginId, setPluginId] = useState(offered[0]?.pluginId ?? '');
  const provider = offered.find((candidate) => candidate.pluginId === pluginId) ?? offered[0];
  const [account, setAccount] = useState<Record<string, string>>(() => (provider ? emptyAccount(provider) : {}));
  const connect = useConnectCrm();
  const start = useStartCrmOAuth();
  const oauth = provider ? signsInOnly(provider) : false;
  // The form's fields show what the last attempt said of them: the connect's, or the sign-in's start.
  const failed = start.error ?? connect.error;
  const fields = failed instanceof ApiError ? (failed.fields ?? {}) : {};
  const errorOf = (key: string) => fields[`account.${key}`];
  const fieldless = connect.error && !Object.keys(fields).some((key) => key.startsWith('account.'));
  const startFieldless = start.error && !Object.keys(fields).some((key) => key.startsWith('account.'));
  const signInWithForm = () => {
    if (!provider) return;
    const typed = signInFields(provider);
    connect.reset();
    start.mutate({
      pluginId: provider.pluginId,
      ...(typed.length > 0 ? { account: Object.fromEntries(typed.map((field) => [field.key, account[field.key] ?? ''])) } : {}),
    });
  };
  // Leaving for the provider's page: the button stays busy until the browser has gone.
  const leaving = start.isPending || start.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) return;
    if (oauth) start.mutate({ pluginId: provider.pluginId });
    else {
      start.reset();
      connect.mutate({ pluginId: provider.pluginId, account });
    }
  };
  const choose = (id: string) => {
    const next = offered.find((candidate) => candidate.pluginId === id);
    if (!next) return;
    setPluginId(id);
    setAccount(emptyAccount(next));
    connect.reset();
    start.reset();
  };

  return (
    <form className="card bg-base-100 shadow-sm" onSubmit={submit} aria-labelledby="connect-crm-title" noValidate>
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id="connect-crm-title" className="font-semibold">
          Connect a CRM
        </h3>
        {provider ? (
          <>
            <FormField id="crm-provider" label="CRM" hint="Where your sales team works." labelClassName="font-medium">
              <select
                id="crm-provider"
                className="select select-bordered w-full max-w-md"
                value={provider.pluginId}
                onChange={(event) => choose(event.target.value)}
                aria-describedby="crm-provider-note"
              >
                {offered.map((option) => (
                  <option key={option.pluginId} value={option.pluginId}>
                    {option.displayName}
                  </option>
                ))}
              </select>
            </FormField>
            {oauth ? (
              <>
                {start.isError && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400 wrap-anywhere" data-testid="crm-connect-error">
                    {refusalText(start.error)}
                  </p>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <button type="submit" className="btn btn-primary" disabled={leaving}>
                    {leaving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Connect with{' '}
                    {provider.displayName}
                  </button>
                  <span className="text-sm text-base-content/70">
                    You sign in to {provider.displayName} and allow Meetflow to write companies, contacts and activities there and read
                    customers and open deals.
                  </span>
                </div>
              </>
            ) : (
              <>
                <div className="grid gap-4 md:grid-cols-2">
                  {provider.fields.map((field) => {
                    const id = `crm-${field.key}`;
                    return (
                      <FormField
                        key={field.key}
                        id={id}
                        label={field.label}
                        error={errorOf(field.key)}
                        hint={field.secret ? 'Stored encrypted and never shown again.' : ''}
                        className="min-w-0"
                        labelClassName="font-medium"
                      >
                        <input
                          id={id}
                          name={field.key}
                          type={field.secret ? 'password' : 'text'}
                          className="input input-bordered w-full"
                          autoComplete={field.secret ? 'new-password' : 'off'}
                          value={account[field.key] ?? ''}
                          aria-invalid={Boolean(errorOf(field.key))}
                          aria-describedby={`${id}-note`}
                          onChange={(event) => setAccount({ ...account, [field.key]: event.target.value })}
                        />
                      </FormField>
                    );
                  })}
                </div>
                {fieldless && (
                  <p role="alert" className="text-sm text-red-700 dark:text-red-400 wrap-anywhere" data-testid="crm-connect-error">
                    {refusalText(connect.error)}
                  </p>
                )}
                <div className="flex flex-wrap items-center gap-3">
                  <button type="submit" className="btn btn-primary" disabled={connect.isPending}>
                    {connect.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Connect
                  </button>
                  <span className="text-sm text-base-content/70">Meetflow reads from the CRM first: a wrong token is refused now.</span>
                </div>
                {signInToo(provider) && (
                  <div className="flex flex-col gap-3 border-t border-base-300 pt-4">
                    <div className="flex flex-wrap items-center gap-3">
                      <button type="button" className="btn btn-outline" disabled={leaving} onClick={signInWithForm}>
                        {leaving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Connect with{' '}
                        {provider.displayName}
                      </button>
                      <span className="text-sm text-base-content/70">
                        Or, instead of a token, sign in to {provider.displayName} and allow Meetflow there
                        {signInFields(provider).length > 0 ? ' with the settings above (the token is not needed)' : ''}: disconnecting
                        revokes that access.
                      </span>
                    </div>
                    {startFieldless && (
                      <p role="alert" className="text-sm text-red-700 dark:text-red-400 wrap-anywhere" data-testid="crm-connect-error">
                        {refusalText(start.error)}
                      </p>
                    )}
                  </div>
                )}
              </>
            )}
          </>
        ) : (
          <p className="text-sm">No CRM that this screen can connect is installed on this server.</p>
        )}
      </div>
    </form>
  );
}
