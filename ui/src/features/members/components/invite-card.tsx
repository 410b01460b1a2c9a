import { useState } from 'react';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { roleLabel, type Role } from '../../auth/index.ts';
import { useCreateInvitation, type CreatedInvitation } from '../api/invitations-api.ts';
import { invitationUrl } from '../utils/one-time-secrets.ts';
import { ROLE_POWERS } from '../utils/permissions.ts';
import { FormField } from '../../../components/ui/form-field.tsx';
import { OneTimeSecret } from './one-time-secret.tsx';
import { RoleSelect } from './role-select.tsx';
import { FormActions } from './form-actions.tsx';

/** Invite: a role (at most one's own) and optionally the one email that may accept; the link is then shown once. */
export function InviteCard({ own, workspaceName }: { own: Role; workspaceName: string }) {
  const create = useCreateInvitation();
  const [role, setRole] = useState<Role>('viewer');
  const [email, setEmail] = useState('');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  const fieldError = create.error instanceof ApiError ? create.error.fields.email : undefined;
  const alert = create.error && !fieldError ? refusalText(create.error) : null;

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="invite-title">
      <div className="card-body gap-4 p-5">
        <div>
          <h2 id="invite-title" className="card-title text-base">
            Invite someone
          </h2>
          <p className="text-sm text-base-content/70">A link that adds one person to {workspaceName}. It works once, for 7 days.</p>
        </div>
        {created ? (
          <OneTimeSecret
            label="Invitation link"
            value={invitationUrl(window.location.origin, created.link)}
            testId="invitation-link"
            onDone={() => {
              setCreated(null);
              create.reset();
            }}
          >
            <p className="text-sm">
              Send it to {created.email ?? 'the person you invite'}: they sign in (or create an account) and join as{' '}
              <strong>{roleLabel(created.role)}</strong>.
              {created.email ? ' Only that email can accept it.' : ' Anyone with the link can accept it: share it only with them.'}
            </p>
          </OneTimeSecret>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              const trimmed = email.trim();
              create.mutate(
                { role, ...(trimmed ? { email: trimmed } : {}) },
                {
                  onSuccess: (invitation) => {
                    setCreated(invitation);
                    setEmail('');
                  },
                },
              );
            }}
          >
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="invite-role" label="Role" hint={ROLE_POWERS[role]}>
                <RoleSelect id="invite-role" value={role} own={own} onChange={setRole} describedBy="invite-role-note" className="w-full" />
              </FormField>
              <FormField
                id="invite-email"
                label="Email"
                optional
                error={fieldError}
                hint="Only the account with this email can accept. Empty: anyone with the link."
              >
                <input
                  id="invite-email"
                  type="email"
                  className={`input w-full ${fieldError ? 'input-error' : ''}`}
                  placeholder="name@company.com"
                  autoComplete="off"
                  value={email}
                  aria-invalid={Boolean(fieldError)}
                  aria-describedby="invite-email-note"
                  onChange={(event) => setEmail(event.target.value)}
                />
              </FormField>
            </div>
            <FormActions alert={alert} pending={create.isPending}>
              Create Invitation Link
            </FormActions>
          </form>
        )}
      </div>
    </section>
  );
}
