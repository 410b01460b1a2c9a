import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { roleAtLeast, roleLabel, useAccount, useSwitchWorkspace, type Role } from '../../auth/index.ts';
import { membersQueryOptions, useChangeRole, useRemoveMember, type Member } from '../api/members-api.ts';
import { canManage, memberLockReason } from '../utils/permissions.ts';
import { MemberRow } from './member-row.tsx';

/** A change waiting for the user's yes: removing anyone, or changing one's own role. */
type Pending = { kind: 'remove'; member: Member } | { kind: 'role'; member: Member; role: Role };

/** The workspace's members; admins and owners change roles and remove members here (the API has the last word). */
export function MembersCard({ workspaceName, role }: { workspaceName: string; role: Role | null }) {
  const members = useQuery(membersQueryOptions());
  const account = useAccount();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const toast = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const myId = account.data?.user.id ?? '';
  const manageAs = canManage(role) ? role : null;
  const ownerCount = members.data?.filter((member) => member.role === 'owner').length ?? 0;
  const refused = (title: string) => (error: unknown) => {
    toast({ title, description: refusalText(error), tone: 'error' });
    // A 403 may mean one's own role changed meanwhile: fetch it again, so the page shows what is still allowed.
    if (error instanceof ApiError && error.status === 403) void account.refetch();
  };

  const applyRole = (member: Member, next: Role) => {
    changeRole.mutate(
      { userId: member.userId, role: next },
      {
        onSuccess: () => {
          const isMe = member.userId === myId;
          const demoted = !roleAtLeast(next, member.role);
          toast({
            title: 'Role Changed',
            description:
              `${isMe ? 'You are' : `${member.name} is`} now ${roleLabel(next)} in ${workspaceName}.` +
              (demoted
                ? ` ${isMe ? 'Your' : 'Their'} API tokens act as ${roleLabel(next)} at most; invitations above it were withdrawn.`
                : ''),
            tone: 'success',
          });
          // One's own role shapes every screen: fetch it again (this page turns read-only below admin).
          if (isMe) void account.refetch();
        },
        onError: refused('Role Not Changed'),
      },
    );
  };
  const applyRemove = (member: Member) => {
    const leaving = member.userId === myId;
    remove.mutate(
      { userId: member.userId, leaving },
      {
        onSuccess: async () => {
          if (!leaving) {
            toast({ title: 'Member Removed', description: `${member.name} no longer has access to ${workspaceName}.`, tone: 'success' });
            return;
          }
          // Left the workspace: on to another of one's own, with nothing of this one left on screen.
          const refreshed = await account.refetch();
          const next = refreshed.data?.workspaces[0];
          if (next) switchTo(next.slug);
          toast({ title: 'You Left the Workspace', description: `You no longer have access to ${workspaceName}.`, tone: 'success' });
          void navigate('/dashboard');
        },
        onError: refused('Member Not Removed'),
      },
    );
  };
  const confirm = () => {
    if (!pending) return;
    setPending(null);
    if (pending.kind === 'remove') applyRemove(pending.member);
    else applyRole(pending.member, pending.role);
  };

  const pendingIsMe = pending?.member.userId === myId;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="members-title">
      <div className="card-body gap-4 p-5">
        <h2 id="members-title" className="card-title text-base">
          All members{members.data ? <span className="font-normal text-base-content/60">({members.data.length})</span> : null}
        </h2>
        {members.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading members" />
        ) : members.isError ? (
          <ErrorAlert message={members.error.message} />
        ) : (
          <ul className="flex flex-col divide-y divide-base-200" aria-label="Members" data-testid="members-list">
            {members.data.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                isMe={member.userId === myId}
                manageAs={manageAs}
                lockReason={memberLockReason(member, { userId: myId, role }, ownerCount)}
                busy={changeRole.isPending || remove.isPending}
                onChangeRole={(next) => {
                  if (next === member.role) return;
                  if (member.userId === myId) setPending({ kind: 'role', member, role: next });
                  else applyRole(member, next);
                }}
                onRemove={() => setPending({ kind: 'remove', member })}
              />
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'role'
            ? `Make yourself ${roleLabel(pending.role)}?`
            : pendingIsMe
              ? `Leave ${workspaceName}?`
              : `Remove ${pending?.member.name ?? ''}?`
        }
        confirmLabel={pending?.kind === 'role' ? 'Change my role' : pendingIsMe ? 'Leave' : 'Remove'}
        cancelLabel="Cancel"
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'role' ? (
          <p>
            You cannot take your current role back yourself: someone who has it must give it to you. Your API tokens above{' '}
            {roleLabel(pending.role)} will act as {roleLabel(pending.role)}, and your invitations above it are withdrawn.
            {canManage(pending.role) ? '' : ` As ${roleLabel(pending.role)} you no longer manage members, invitations or API tokens.`}
          </p>
        ) : pendingIsMe ? (
          <p>
            You lose access to {workspaceName} at once, and the API tokens and pending invitations you made in it stop working. To come back
            you need a new invitation.
          </p>
        ) : (
          pending && (
            <p>
              {pending.member.name} ({pending.member.email}) loses access to {workspaceName} at once, and the API tokens and pending
              invitations they made in it stop working. Their account stays; you can invite them again.
            </p>
          )
        )}
      </ConfirmDialog>
    </section>
  );
}
