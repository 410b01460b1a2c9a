import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import {
  AccountCheck,
  AuthLayout,
  roleLabel,
  signInPath,
  signUpPath,
  useAccount,
  useSignOut,
  useSwitchWorkspace,
} from '../../auth/index.ts';
import { useAcceptInvitation } from '../api/invitations-api.ts';

/** What a refused acceptance is called, by the API's status. */
const REFUSAL_TITLES: Record<number, string> = {
  403: 'This invitation is for someone else',
  404: 'This invitation cannot be used',
  409: 'Nothing to accept',
};

/**
 * /invite/:token: signed out, the way to Sign In or Sign Up and back here; signed in, "Join this
 * workspace": accepting joins it, makes it the current workspace and opens its dashboard.
 */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const { pathname } = useLocation();
  const account = useAccount();
  const accept = useAcceptInvitation();
  const switchTo = useSwitchWorkspace();
  const signOut = useSignOut(pathname);
  const navigate = useNavigate();
  const toast = useToast();

  if (account.data === undefined) return <AccountCheck account={account} />;

  if (account.data === null) {
    return (
      <AuthLayout
        title="You are invited to Meetflow"
        subtitle="Sign in, or create an account, to join the workspace that invited you."
        footer="The link works once, for 7 days after it was sent."
      >
        <div className="flex flex-col gap-3" data-testid="invitation-signed-out">
          <Link to={signInPath(pathname)} className="btn btn-primary w-full">
            Sign In
          </Link>
          <Link to={signUpPath(pathname)} className="btn btn-outline w-full">
            Create Account
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const { user } = account.data;
  const refusal = accept.error
    ? { status: accept.error instanceof ApiError ? accept.error.status : 0, text: refusalText(accept.error) }
    : null;
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: async (joined) => {
        // Fetch the account first, so the new workspace is one of the user's when it becomes the current one.
        await account.refetch();
        switchTo(joined.slug);
        toast({ title: `Welcome to ${joined.name}`, description: `You joined as ${roleLabel(joined.role)}.`, tone: 'success' });
        void navigate('/dashboard', { replace: true });
      },
    });

  return (
    <AuthLayout
      title="Join this workspace"
      subtitle="You were invited to a Meetflow workspace. Accepting adds you as a member, with the role the invitation gives."
      footer={
        <>
          Not {user.name}?{' '}
          <button type="button" className="link link-primary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign in as someone else
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="invitation-accept">
        <div className="rounded-box bg-base-200 px-4 py-3 text-sm">
          <p className="text-base-content/70">Signed in as</p>
          <p className="font-medium">{user.name}</p>
          <p className="wrap-anywhere text-base-content/70">{user.email}</p>
        </div>
        {refusal ? (
          <div role="alert" className="alert alert-error text-sm" data-testid="invitation-error">
            <div>
              <p className="font-semibold">{REFUSAL_TITLES[refusal.status] ?? 'The invitation was not accepted'}</p>
              <p>{refusal.text}</p>
            </div>
          </div>
        ) : null}
        {refusal && refusal.status !== 0 ? (
          <Link to="/dashboard" className="btn btn-primary w-full">
            Go to the Dashboard
          </Link>
        ) : (
          <button type="button" className="btn btn-primary w-full" disabled={accept.isPending} onClick={onAccept}>
            {accept.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {refusal ? 'Try Again' : 'Accept Invitation'}
          </button>
        )}
      </div>
    </AuthLayout>
  );
}
