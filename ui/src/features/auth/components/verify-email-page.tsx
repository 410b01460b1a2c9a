import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { refusalText } from '../../../lib/api-client.ts';
import { useVerifyEmail } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { linkToken } from '../utils/next-path.ts';
import { AuthLayout } from './auth-layout.tsx';

/** /verify-email#token=…: the page the sign-up email links to. Verifies the address as it opens, signed in or not. */
export function VerifyEmailPage() {
  const { hash } = useLocation();
  const token = linkToken(hash);
  const verify = useVerifyEmail();
  const signedIn = Boolean(useAccount().data);
  const sent = useRef(false);
  useEffect(() => {
    // Once: the link works once, and React may run an effect twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);
  const onward = signedIn ? (
    <Link to="/dashboard" className="link link-primary">
      Go to the dashboard
    </Link>
  ) : (
    <Link to="/signin" className="link link-primary">
      Sign in
    </Link>
  );

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email address confirmed" subtitle="Invitations sent to this address can now be accepted." footer={onward}>
        <div role="status" className="alert alert-success text-sm" data-testid="email-verified">
          <span className="break-all">{verify.data.email} is verified.</span>
        </div>
      </AuthLayout>
    );
  }
  if (!token || verify.isError) {
    return (
      <AuthLayout title="This link cannot be used" subtitle="Sign in and ask for a new one from your account menu." footer={onward}>
        <div role="alert" className="alert alert-warning text-sm" data-testid="verify-failed">
          {token ? refusalText(verify.error) : 'The link has no token: it was cut short on the way.'}
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Confirming your email address" subtitle="One moment." footer={onward}>
      <span className="loading loading-spinner loading-md self-center" aria-label="Confirming" />
    </AuthLayout>
  );
}
