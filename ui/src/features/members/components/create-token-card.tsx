import { useState } from 'react';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { roleLabel, type Role } from '../../auth/index.ts';
import { useCreateToken, type CreatedToken } from '../api/tokens-api.ts';
import { bearerHeader, curlExample } from '../utils/one-time-secrets.ts';
import { ROLE_POWERS } from '../utils/permissions.ts';
import { DEFAULT_TOKEN_EXPIRY, TOKEN_EXPIRIES } from '../utils/token-expiry.ts';
import { formatDate } from '../../../utils/format.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { OneTimeSecret } from './one-time-secret.tsx';
import { RoleSelect } from './role-select.tsx';
import { FormActions } from './form-actions.tsx';

/** Create: what the token is for, its role (at most one's own) and how long it works; the token is then shown once, with how to send it. */
export function CreateTokenCard({ own }: { own: Role }) {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [expiresInDays, setExpiresInDays] = useState<number | null>(DEFAULT_TOKEN_EXPIRY);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const fieldError = fields.name;
  const expiryError = fields.expiresInDays;
  const alert = create.error && !fieldError && !expiryError ? refusalText(create.error) : null;

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="create-token-title">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="create-token-title" className="card-title text-base">
            Create a token
          </h2>
          <p className="text-sm text-base-content/70">For a script or another tool calling the Meetflow API in this workspace.</p>
        </div>
        {created ? (
          <OneTimeSecret
            label={`API token "${created.name}" (${roleLabel(created.role)})`}
            value={created.token}
            testId="api-token"
            onDone={() => {
              setCreated(null);
              create.reset();
            }}
          >
            <div className="flex flex-col gap-1 text-sm">
              <p data-testid="api-token-expiry">
                {created.expiresAt
                  ? `It works until ${formatDate(created.expiresAt, { time: true })}: then make a new one.`
                  : 'It never expires: revoke it when it is no longer needed.'}
              </p>
              <p>Send it with every request, in this header:</p>
              <code className="rounded bg-base-100 px-2 py-1 font-mono text-xs break-all">{bearerHeader('<token>')}</code>
              <p>For example:</p>
              <code className="rounded bg-base-100 px-2 py-1 font-mono text-xs break-all" data-testid="api-token-example">
                {curlExample(window.location.origin, created.token)}
              </code>
            </div>
          </OneTimeSecret>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              create.mutate(
                { name: name.trim(), role, expiresInDays },
                {
                  onSuccess: (token) => {
                    setCreated(token);
                    setName('');
                  },
                },
              );
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              <FormField id="token-name" label="Name" error={fieldError} hint="What it is for, to tell tokens apart.">
                <input
                  id="token-name"
                  className={`input w-full ${fieldError ? 'input-error' : ''}`}
                  placeholder="e.g. CRM sync"
                  maxLength={100}
                  autoComplete="off"
                  value={name}
                  aria-invalid={Boolean(fieldError)}
                  aria-describedby="token-name-note"
                  onChange={(event) => setName(event.target.value)}
                />
              </FormField>
              <FormField id="token-role" label="Role" hint={ROLE_POWERS[role]}>
                <RoleSelect id="token-role" value={role} own={own} onChange={setRole} describedBy="token-role-note" className="w-full" />
              </FormField>
              <FormField
                id="token-expiry"
                label="Expires after"
                error={expiryError}
                hint={
                  expiresInDays === null
                    ? 'Works until revoked: keep such a token for what you watch.'
                    : 'Then it is refused, and you make a new one.'
                }
              >
                <select
                  id="token-expiry"
                  className="select w-full"
                  value={expiresInDays ?? 'never'}
                  aria-describedby="token-expiry-note"
                  aria-invalid={Boolean(expiryError)}
                  onChange={(event) => setExpiresInDays(event.target.value === 'never' ? null : Number(event.target.value))}
                >
                  {TOKEN_EXPIRIES.map(({ days, label }) => (
                    <option key={label} value={days ?? 'never'}>
                      {label}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormActions alert={alert} pending={create.isPending}>
              Create Token
            </FormActions>
          </form>
        )}
      </div>
    </section>
  );
}
