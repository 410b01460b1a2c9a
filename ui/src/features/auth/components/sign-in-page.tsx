import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSignIn } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { formErrors } from '../utils/form-errors.ts';
import { safeNextPath, signUpPath } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['email', 'password'] as const;

/** /signin: email and password; afterwards the page the user was sent here from (`?next=`), else the dashboard. */
export function SignInPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('next');
  const next = safeNextPath(requested);
  const account = useAccount();
  const signIn = useSignIn();
  const [values, setValues] = useState({ email: searchParams.get('email') ?? '', password: '' });
  const resetDone = searchParams.get('reset') === 'done';
  // Signed in (just now, or already): on to the page asked for.
  if (account.data) return <Navigate to={next} replace />;

  const errors = formErrors(signIn.error, FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({
    name,
    value: values[name],
    error: errors.fields[name],
    onChange: (value: string) => setValues({ ...values, [name]: value }),
  });
  return (
    <AuthLayout
      title="Sign in to Meetflow"
      subtitle="Your campaigns, prospects and meetings are waiting."
      footer={
        <>
          New to Meetflow?{' '}
          <Link to={requested ? signUpPath(next) : '/signup'} className="link link-primary">
            Create an account
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          signIn.mutate({ email: values.email.trim(), password: values.password });
        }}
      >
        {resetDone && !signIn.error && (
          <div role="status" className="alert alert-success text-sm" data-testid="reset-done">
            Your new password is set, and every session of the account was signed out. Sign in with it.
          </div>
        )}
        <TextField {...field('email')} label="Email" type="email" autoComplete="username" autoFocus={!resetDone} />
        <TextField {...field('password')} label="Password" type="password" autoComplete="current-password" autoFocus={resetDone} />
        <Link
          to={values.email.trim() ? `/forgot-password?email=${encodeURIComponent(values.email.trim())}` : '/forgot-password'}
          className="link link-primary -mt-2 self-end text-sm"
        >
          Forgot password?
        </Link>
        <FormAlert errors={errors} />
        <SubmitButton pending={signIn.isPending}>Sign In</SubmitButton>
      </form>
    </AuthLayout>
  );
}
