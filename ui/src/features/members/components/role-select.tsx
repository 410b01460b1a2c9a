import { ROLES, roleLabel, type Role } from '../../auth/index.ts';
import { assignableRoles } from '../utils/permissions.ts';

interface RoleSelectProps {
  id?: string;
  value: Role;
  /** The signed-in user's role: roles above it are listed but cannot be chosen. */
  own: Role;
  onChange: (role: Role) => void;
  /** The accessible name when no <label> names the select. */
  ariaLabel?: string;
  /** The id of the hint describing the choice. */
  describedBy?: string;
  disabled?: boolean;
  /** Why it is disabled, on hover. */
  title?: string | undefined;
  className?: string;
}

/** A choice of role, strongest first; the roles above one's own are shown greyed out (the API would refuse them). */
export function RoleSelect({ id, value, own, onChange, ariaLabel, describedBy, disabled = false, title, className = '' }: RoleSelectProps) {
  const allowed = assignableRoles(own);
  return (
    <select
      id={id}
      className={`select ${className}`}
      value={value}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      disabled={disabled}
      title={title}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role} disabled={!allowed.includes(role) && role !== value}>
          {roleLabel(role)}
        </option>
      ))}
    </select>
  );
}
