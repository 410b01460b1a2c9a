import { Link, useLocation } from 'react-router-dom';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useResendVerification } from '../api/session-api.ts';
import { useAccount } from '../hooks/use-account.ts';
import { changePasswordPath } from '../utils/next-path.ts';

/**
 * The account's own entries of the user menu: whether the email address is verified (with a new
 * link on request) and Change password. `onChoose` closes the menu.
 */
export function AccountMenuItems({ onChoose }: { onChoose: () => void }) {
  const user = useAccount().data?.user;
  const { pathname, search } = useLocation();
  const resend = useResendVerification();
  const toast = useToast();
  if (!user) return null;
  return (
    <>
      {!user.emailVerified && (
        <li className="menu-disabled" data-testid="email-unverified">
          <div className="flex flex-col items-start gap-1 text-xs text-base-content/70">
            <span className="badge badge-warning badge-sm">Email not verified</span>
            <span>Open the link we emailed you to accept invitations sent to this address.</span>
            <button
              type="button"
              className="link link-primary pointer-events-auto"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: ({ email }) =>
                    toast({ title: 'Verification link sent', description: `Look for it at ${email} (valid 24 hours).`, tone: 'success' }),
                  onError: (error) => toast({ title: 'No link sent', description: refusalText(error), tone: 'error' }),
                })
              }
            >
              Send a new link
            </button>
          </div>
        </li>
      )}
      <li>
        <Link to={changePasswordPath(`${pathname}${search}`)} onClick={onChoose}>
          Change password
        </Link>
      </li>
    </>
  );
}
