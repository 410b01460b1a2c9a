import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../lib/toast.ts';
import { useChangePassword, useSignOut } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { formErrors } from '../utils/form-errors.ts';
import { safeNextPath } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { confirmError, NewPasswordFields } from './password-fields.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * /account/password: change the password, giving the current one; afterwards `?next=`. The app
 * sends a user here first when they signed in with a one-time password (the demo owner).
 */
export function ChangePasswordPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const user = useAccount().data?.user;
  const change = useChangePassword();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  if (!user) return <Navigate to="/signin" replace />;

  const forced = user.mustChangePassword;
  const errors = formErrors(change.error, FIELDS);
  const footer = forced ? (
    <>
      Not now?{' '}
      <button type="button" className="link link-primary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </>
  ) : (
    <Link to={next} className="link link-primary">
      Back to Meetflow
    </Link>
  );
  return (
    <AuthLayout
      title={forced ? 'Set your own password' : 'Change your password'}
      subtitle={
        forced
          ? 'You signed in with a one-time password. Choose your own to go on; the one-time password stops working.'
          : 'Other browsers signed in to your account are signed out.'
      }
      footer={footer}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (confirmError(value, true)) return;
          change.mutate(
            { currentPassword: current, newPassword: value.password },
            {
              onSuccess: () => {
                toast({ title: 'Password changed', description: 'Every other session of your account was signed out.', tone: 'success' });
                void navigate(next, { replace: true });
              },
            },
          );
        }}
      >
        <p className="text-sm text-base-content/70">
          Signed in as <span className="font-medium break-all text-base-content">{user.email}</span>
        </p>
        <TextField
          name="currentPassword"
          label={forced ? 'One-time password' : 'Current password'}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={current}
          error={errors.fields.currentPassword}
          onChange={setCurrent}
        />
        <NewPasswordFields value={value} onChange={setValue} error={errors.fields.newPassword} submitted={submitted} />
        <FormAlert errors={errors} />
        <SubmitButton pending={change.isPending}>{forced ? 'Set Password' : 'Change Password'}</SubmitButton>
      </form>
    </AuthLayout>
  );
}
