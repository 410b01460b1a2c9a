import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useConnectCrm, type CrmProvider } from '../api/crm-api.ts';

const emptyAccount = (provider: CrmProvider) => Object.fromEntries(provider.fields.map((field) => [field.key, '']));

/** The connect form of a CRM: the fields its plugin declares (a token as a password field); the CRM is asked before anything is stored. */
export function ConnectCrmForm({ providers }: { providers: readonly CrmProvider[] }) {
  const typed = providers.filter((provider) => provider.connectWith.includes('fields'));
  const oauthOnly = providers.filter((provider) => !provider.connectWith.includes('fields'));
  const [pluginId, setPluginId] = useState(typed[0]?.pluginId ?? '');
  const provider = typed.find((candidate) => candidate.pluginId === pluginId) ?? typed[0];
  const [account, setAccount] = useState<Record<string, string>>(() => (provider ? emptyAccount(provider) : {}));
  const connect = useConnectCrm();
  const fields = connect.error instanceof ApiError ? (connect.error.fields ?? {}) : {};
  const errorOf = (key: string) => fields[`account.${key}`];
  const fieldless = connect.error && !Object.keys(fields).some((key) => key.startsWith('account.'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (provider) connect.mutate({ pluginId: provider.pluginId, account });
  };
  const choose = (id: string) => {
    const next = typed.find((candidate) => candidate.pluginId === id);
    if (!next) return;
    setPluginId(id);
    setAccount(emptyAccount(next));
    connect.reset();
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
                {typed.map((option) => (
                  <option key={option.pluginId} value={option.pluginId}>
                    {option.displayName}
                  </option>
                ))}
              </select>
            </FormField>
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
          </>
        ) : (
          <p className="text-sm">No CRM that connects with a token is installed on this server.</p>
        )}
        {oauthOnly.length > 0 && (
          <p className="text-sm text-base-content/70" data-testid="crm-oauth-only">
            {oauthOnly.map((option) => option.displayName).join(', ')} connects with OAuth (its own sign-in), which this screen does not
            offer yet.
          </p>
        )}
      </div>
    </form>
  );
}
