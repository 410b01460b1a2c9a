import { PageHeader } from '../../../components/layout/page-header.tsx';
import { roleLabel, useCurrentMembership } from '../../auth/index.ts';
import { canManage } from '../utils/permissions.ts';
import { CreateTokenCard } from './create-token-card.tsx';
import { TokensCard } from './tokens-card.tsx';

/** /settings/api-tokens: admins and owners create and revoke the workspace's API tokens; others are told who can. */
export function ApiTokensPage() {
  const membership = useCurrentMembership();
  const role = membership?.role ?? null;
  const workspaceName = membership?.name ?? 'this workspace';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="API Tokens" subtitle={`Let scripts and other tools call the Meetflow API in ${workspaceName}.`} />
      {canManage(role) ? (
        <>
          <CreateTokenCard own={role} />
          <TokensCard />
        </>
      ) : (
        <div className="card bg-base-100 shadow-sm" data-testid="tokens-admins-only">
          <div className="card-body gap-2 p-5">
            <h2 className="card-title text-base">Only admins manage API tokens</h2>
            <p className="text-sm text-base-content/70">
              Your role in {workspaceName} is {role ? roleLabel(role) : 'not known yet'}. Ask an admin or owner for a token, or for the
              admin role.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
