import { SignInPage, SignUpPage } from '../../features/auth/index.ts';

/** /signin: Sign In, back to `?next=` afterwards. */
export function SignInRoute() {
  return <SignInPage />;
}

/** /signup: Sign Up, a new account and its own workspace. */
export function SignUpRoute() {
  return <SignUpPage />;
}
