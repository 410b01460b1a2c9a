import { roleLabel, type Role } from '../../auth/index.ts';
import { formatDate } from '../../../utils/format.ts';
import type { Member } from '../api/members-api.ts';
import { RoleSelect } from './role-select.tsx';

interface MemberRowProps {
  member: Member;
  isMe: boolean;
  /** The signed-in user's role when they manage members; null: the row is read-only. */
  manageAs: Role | null;
  /** Why this member cannot be changed by the signed-in user, or null. */
  lockReason: string | null;
  busy: boolean;
  onChangeRole: (role: Role) => void;
  onRemove: () => void;
}

/** One member: name and email, role (a choice for admins), when they joined, and Remove; on a phone the controls wrap below the name. */
export function MemberRow({ member, isMe, manageAs, lockReason, busy, onChangeRole, onRemove }: MemberRowProps) {
  const locked = busy || lockReason !== null;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="member-row" data-email={member.email}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {member.name}
          {isMe && <span className="badge badge-ghost badge-sm">You</span>}
        </p>
        <p className="text-sm wrap-anywhere text-base-content/70">{member.email}</p>
      </div>
      <div className="flex items-center gap-4">
        {manageAs ? (
          <RoleSelect
            value={member.role}
            own={manageAs}
            onChange={onChangeRole}
            ariaLabel={`Role of ${member.name}`}
            disabled={locked}
            title={lockReason ?? undefined}
            className="select-sm w-32"
          />
        ) : (
          <span className="badge badge-outline" data-testid="member-role">
            {roleLabel(member.role)}
          </span>
        )}
        <span className="hidden w-36 text-sm text-base-content/70 sm:block">Joined {formatDate(member.joinedAt)}</span>
        {manageAs && (
          <button
            type="button"
            className="btn btn-ghost btn-sm w-20 text-error disabled:text-base-content/40"
            disabled={locked}
            title={lockReason ?? undefined}
            aria-label={isMe ? 'Leave this workspace' : `Remove ${member.name}`}
            onClick={onRemove}
          >
            {isMe ? 'Leave' : 'Remove'}
          </button>
        )}
      </div>
    </li>
  );
}
