import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useSignUp } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { formErrors } from '../utils/form-errors.ts';
import { safeNextPath, signInPath } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['name', 'email', 'password', 'workspaceName'] as const;

/** The shortest password the API accepts (PASSWORD_LENGTH in platform/src/features/auth/passwords.ts); its refusal says so too. */
const PASSWORD_MIN_LENGTH = 10;

/** /signup: a new account and its own workspace (the user its owner), signed in; then `?next=`, else the dashboard. */
export function SignUpPage() {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('next');
  const next = safeNextPath(requested);
  const account = useAccount();
  const signUp = useSignUp();
  const [values, setValues] = useState({ name: '', email: '', password: '', workspaceName: '' });
  if (account.data) return <Navigate to={next} replace />;

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
          signUp.mutate({
            name: values.name,
            email: values.email.trim(),
            password: values.password,
            ...(workspaceName ? { workspaceName } : {}),
          });
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
