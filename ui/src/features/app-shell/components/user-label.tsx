import { AccountMenuItems, useAccount, useSignOut } from '../../auth/index.ts';
import { useToast } from '../../../lib/toast.ts';
import { initials } from '../utils/initials.ts';
import { HeaderDropdown } from './header-dropdown.tsx';

/** Who is signed in (their name and email beside the avatar, in the menu on phones), their account's entries, and Sign out. */
export function UserLabel() {
  const user = useAccount().data?.user;
  const signOut = useSignOut();
  const toast = useToast();
  if (!user) return null;
  return (
    <HeaderDropdown
      id="user-menu"
      // Named by what it shows (WCAG 2.5.3): the name and the address beside the avatar, whose
      // initials are drawn by CSS so they are no text of the button's.
      label={`Account: ${user.name} ${user.email}`}
      button={
        <span className="flex items-center gap-2 text-left" data-testid="user-label">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral text-xs text-neutral-content before:content-[attr(data-initials)]"
            data-initials={initials(user.name)}
            aria-hidden="true"
          />
          <span className="hidden max-w-48 leading-tight font-normal md:block">
            <span className="block truncate text-sm font-medium">{user.name}</span>{' '}
            <span className="block truncate text-xs text-base-content/60">{user.email}</span>
          </span>
        </span>
      }
    >
      {(close) => (
        <>
          <div className="border-b border-base-300 px-3 pt-1 pb-3">
            <p className="truncate font-medium">{user.name}</p>
            <p className="text-sm break-all text-base-content/60">{user.email}</p>
          </div>
          <ul className="menu w-full p-0 pt-2">
            <AccountMenuItems onChoose={close} />
            <li>
              <button
                type="button"
                disabled={signOut.isPending}
                onClick={() =>
                  signOut.mutate(undefined, {
                    onError: (error) => toast({ title: 'Sign Out Failed', description: error.message, tone: 'error' }),
                  })
                }
              >
                Sign out
              </button>
            </li>
          </ul>
        </>
      )}
    </HeaderDropdown>
  );
}
