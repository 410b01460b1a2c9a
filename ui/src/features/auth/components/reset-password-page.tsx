import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCompletePasswordReset } from '../api/session-api.ts';
import { formErrors } from '../utils/form-errors.ts';
import { linkToken } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { confirmError, NewPasswordFields } from './password-fields.tsx';
import { SubmitButton } from './submit-button.tsx';

const FIELDS = ['password'] as const;

/** /reset-password#token=…: the page the reset email links to. Sets the new password, then on to Sign In. */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const token = linkToken(hash);
  const navigate = useNavigate();
  const reset = useCompletePasswordReset();
  const [value, setValue] = useState({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = formErrors(reset.error, FIELDS);
  const footer = (
    <Link to="/forgot-password" className="link link-primary">
      Ask for a new link
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout
        title="This link is incomplete"
        subtitle="Open the link from the email again, or copy all of it into the address bar."
        footer={footer}
      >
        <div role="alert" className="alert alert-warning text-sm" data-testid="reset-no-token">
          The link has no token: it was cut short on the way.
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose the password you will sign in with. Setting it signs you out everywhere."
      footer={footer}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (confirmError(value, true)) return;
          reset.mutate(
            { token, password: value.password },
            { onSuccess: ({ email }) => void navigate(`/signin?reset=done&email=${encodeURIComponent(email)}`, { replace: true }) },
          );
        }}
      >
        <NewPasswordFields value={value} onChange={setValue} error={errors.fields.password} submitted={submitted} autoFocus />
        <FormAlert errors={errors} />
        <SubmitButton pending={reset.isPending}>Set Password</SubmitButton>
      </form>
    </AuthLayout>
  );
}
