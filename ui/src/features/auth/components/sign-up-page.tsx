import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useToast } from '../../../lib/toast.ts';
import { useSignUp } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { formErrors } from '../utils/form-errors.ts';
import { safeNextPath, signInPath } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { PASSWORD_MIN_LENGTH } from './password-fields.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['name', 'email', 'password', 'workspaceName'] as const;

/** After a sign-up that did not sign in: the address has an account, and its email says how to get back in. */
function CheckYourEmail({ email, next }: { email: string; next: string | null }) {
  return (
    <AuthLayout
      title="Check your email"
      subtitle="We sent a message to this address: it tells you how to go on."
      footer={
        <>
          Remembered your password?{' '}
          <Link to={next ? signInPath(next) : '/signin'} className="link link-primary">
            Sign in
          </Link>
        </>
      }
    >
      <div role="status" className="alert alert-info text-sm" data-testid="signup-check-email">
        <div>
          <p>
            Look for it at <strong className="break-all">{email}</strong>.
          </p>
          <p className="mt-1">
            Forgot your password?{' '}
            <Link to={`/forgot-password?email=${encodeURIComponent(email)}`} className="link">
              Set a new one
            </Link>
            .
          </p>
        </div>
      </div>
    </AuthLayout>
  );
}

/**
 * /signup: a new account and its own workspace (the user its owner), signed in, and a link on its
 * way to confirm the address; then `?next=`, else the dashboard.
 */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('next');
  const next = safeNextPath(requested);
  const account = useAccount();
  const signUp = useSignUp();
  const toast = useToast();
  const [values, setValues] = useState({ name: '', email: '', password: '', workspaceName: '' });
  if (account.data) return <Navigate to={next} replace />;
  // The address had an account already (the API answered alike, and emailed it): the way on is in that email.
  if (signUp.data && !signUp.data.account) return <CheckYourEmail email={signUp.data.email} next={requested ? next : null} />;

  const errors = formErrors(signUp.error, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    value: values[name],
    error: errors.fields[name],
    onChange: (value: string) => setValues({ ...values, [name]: value }),
  });
  const workspaceName = values.workspaceName.trim();
  return (
    <AuthLayout
      title="Create your account"
      subtitle="It comes with a workspace of your own, which you own."
      footer={
        <>
          Already have an account?{' '}
          <Link to={requested ? signInPath(next) : '/signin'} className="link link-primary">
            Sign in
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          signUp.mutate(
            {
              name: values.name,
              email: values.email.trim(),
              password: values.password,
              ...(workspaceName ? { workspaceName } : {}),
            },
            {
              onSuccess: ({ account: created, email }) => {
                if (created)
                  toast({ title: 'Confirm your email address', description: `We sent a link to ${email} (valid 24 hours).`, tone: 'info' });
              },
            },
          );
        }}
      >
        <TextField {...field('name')} label="Your name" autoComplete="name" autoFocus />
        <TextField {...field('email')} label="Work email" type="email" autoComplete="email" />
        <TextField
          {...field('password')}
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <TextField
          {...field('workspaceName')}
          label="Workspace name"
          autoComplete="organization"
          optional
          hint={values.name.trim() ? `"${values.name.trim()}'s workspace" if left empty.` : 'Named after you if left empty.'}
        />
        <FormAlert errors={errors} />
        <SubmitButton pending={signUp.isPending}>Create Account</SubmitButton>
      </form>
    </AuthLayout>
  );
}
