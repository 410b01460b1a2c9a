import {
  ChangePasswordPage,
  ForgotPasswordPage,
  RequireSignIn,
  ResetPasswordPage,
  SignInPage,
  SignUpPage,
  VerifyEmailPage,
} from '../../features/auth/index.ts';

/** /signin: Sign In, back to `?next=` afterwards. */
export function SignInRoute() {
  return <SignInPage />;
}

/** /signup: Sign Up, a new account and its own workspace. */
export function SignUpRoute() {
  return <SignUpPage />;
}

/** /forgot-password: ask for a reset link by email. */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}

/** /reset-password#token=…: the reset email's link; set a new password. */
export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}

/** /verify-email#token=…: the sign-up email's link; the address is verified as it opens. */
export function VerifyEmailRoute() {
  return <VerifyEmailPage />;
}

/** /account/password: change the password (signed in), outside the app's layout so a one-time password's session can use it. */
export function ChangePasswordRoute() {
  return (
    <RequireSignIn>
      <ChangePasswordPage />
    </RequireSignIn>
  );
}
