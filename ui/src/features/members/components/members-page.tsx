import { PageHeader } from '../../../components/layout/page-header.tsx';
import { useCurrentMembership } from '../../auth/index.ts';
import { canManage } from '../utils/permissions.ts';
import { InviteCard } from './invite-card.tsx';
import { MembersCard } from './members-card.tsx';
import { PendingInvitations } from './pending-invitations.tsx';

/** /settings/members: who is in the workspace with which role; admins and owners also invite, change roles and remove. */
export function MembersPage() {
  const membership = useCurrentMembership();
  const role = membership?.role ?? null;
  const workspaceName = membership?.name ?? 'this workspace';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Members" subtitle={`Who works in ${workspaceName}, and with which role.`} />
      <MembersCard workspaceName={workspaceName} role={role} />
      {canManage(role) ? (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <InviteCard own={role} workspaceName={workspaceName} />
          <PendingInvitations />
        </div>
      ) : (
        <p className="text-sm text-base-content/70" data-testid="members-read-only">
          Only admins and owners invite people and change roles. Ask one of them if someone is missing.
        </p>
      )}
    </div>
  );
}
