import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { roleLabel } from '../../auth/index.ts';
import { tokensQueryOptions, useRevokeToken, type ApiToken } from '../api/tokens-api.ts';
import { expiryText, isExpired } from '../utils/token-expiry.ts';
import { refusalText } from '../../../lib/api-client.ts';

/** The workspace's API tokens (never a token itself): what each is for, its role, its first characters, its use and expiry; Revoke. */
export function TokensCard() {
  const tokens = useQuery(tokensQueryOptions());
  const revoke = useRevokeToken();
  const toast = useToast();
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="tokens-title">
      <div className="card-body gap-4 p-5">
        <h2 id="tokens-title" className="card-title text-base">
          Tokens
        </h2>
        {tokens.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading API tokens" />
        ) : tokens.isError ? (
          <ErrorAlert message={tokens.error.message} />
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="tokens-empty">
            No API tokens yet. Create one above for each script or tool, so you can revoke one without stopping the others.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200" aria-label="API tokens" data-testid="tokens-list">
            {tokens.data.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="token-row">
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-medium wrap-anywhere">{token.name}</p>
                  <p className="text-sm text-base-content/70">
                    <code className="font-mono" title="The token's first characters">
                      {token.prefix}…
                    </code>{' '}
                    · created {formatDate(token.createdAt)} ·{' '}
                    <span data-testid="token-last-used">
                      {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt, { time: true })}` : 'never used'}
                    </span>{' '}
                    ·{' '}
                    <span
                      className={isExpired(token.expiresAt) ? 'font-medium text-error' : undefined}
                      title={token.expiresAt ? formatDate(token.expiresAt, { time: true }) : undefined}
                      data-testid="token-expiry"
                    >
                      {expiryText(token.expiresAt)}
                    </span>
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <span className="badge badge-outline whitespace-nowrap">{roleLabel(token.role)}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    aria-label={`Revoke ${token.name}`}
                    disabled={revoke.isPending}
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        confirmLabel="Revoke"
        cancelLabel="Keep"
        onConfirm={() => {
          if (!revoking) return;
          const { id, name } = revoking;
          setRevoking(null);
          revoke.mutate(id, {
            onSuccess: () => toast({ title: 'Token Revoked', description: `"${name}" stopped working.`, tone: 'success' }),
            onError: (error) => toast({ title: 'Token Not Revoked', description: refusalText(error), tone: 'error' }),
          });
        }}
        onCancel={() => setRevoking(null)}
      >
        {revoking && <p>It stops working at once: whatever sends it gets 401 from then on. This cannot be undone.</p>}
      </ConfirmDialog>
    </section>
  );
}
