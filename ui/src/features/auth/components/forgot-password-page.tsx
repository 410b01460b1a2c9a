import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useRequestPasswordReset } from '../api/session-api.ts';
import { formErrors } from '../utils/form-errors.ts';
import { AuthLayout } from './auth-layout.tsx';
import { FormAlert } from './form-alert.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextField } from './text-field.tsx';

const FIELDS = ['email'] as const;

/** /forgot-password: the address to send a reset link to. The answer is the same whether or not it has an account. */
export function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const request = useRequestPasswordReset();
  const errors = formErrors(request.error, FIELDS);
  const footer = (
    <Link to="/signin" className="link link-primary">
      Back to sign in
    </Link>
  );

  if (request.isSuccess) {
    return (
      <AuthLayout
        title="Check your email"
        subtitle="If an account uses this address, a link to set a new password is on its way."
        footer={footer}
      >
        <div role="status" className="alert alert-info text-sm" data-testid="reset-requested">
          <div>
            <p>
              We sent it to <strong className="break-all">{request.data.email}</strong>. The link works once, for 30 minutes.
            </p>
            <p className="mt-1">Nothing arrived? Look in the spam folder, or ask again in a few minutes.</p>
          </div>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your account's email: we will send you a link to set a new one."
      footer={footer}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate(email.trim());
        }}
      >
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={email}
          error={errors.fields.email}
          onChange={setEmail}
        />
        <FormAlert errors={errors} />
        <SubmitButton pending={request.isPending}>Send Reset Link</SubmitButton>
      </form>
    </AuthLayout>
  );
}
