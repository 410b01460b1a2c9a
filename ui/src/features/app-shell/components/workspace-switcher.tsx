import { roleLabel, useAccount, useCurrentMembership, useSwitchWorkspace } from '../../auth/index.ts';
import { HeaderDropdown } from './header-dropdown.tsx';

/** The header's workspace switcher: the workspace the app works in, and the user's others with their role in each. */
export function WorkspaceSwitcher() {
  const account = useAccount().data;
  const current = useCurrentMembership();
  const switchTo = useSwitchWorkspace();
  if (!account) return null;
  const name = current?.name ?? 'No workspace';
  return (
    <HeaderDropdown
      id="workspace-menu"
      label={`Workspace: ${name}`}
      button={
        <>
          <svg
            xmlns="http://www.w3.org/2000/svg"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            className="size-5 shrink-0"
            aria-hidden="true"
          >
            <path strokeLinecap="round" strokeLinejoin="round" d="M3 21h18M5 21V7l7-4 7 4v14M9 21v-5h6v5M9 10h.01M15 10h.01" />
          </svg>
          <span className="hidden max-w-48 truncate text-sm font-medium sm:inline" data-testid="current-workspace">
            {name}
          </span>
        </>
      }
    >
      {(close) => (
        <nav aria-label="Workspaces">
          <p className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-base-content/60 uppercase">Workspaces</p>
          <ul className="menu w-full gap-0.5 p-0">
            {account.workspaces.map((workspace) => {
              const isCurrent = workspace.slug === current?.slug;
              return (
                <li key={workspace.slug}>
                  <button
                    type="button"
                    className={isCurrent ? 'menu-active' : ''}
                    aria-current={isCurrent || undefined}
                    onClick={() => {
                      close();
                      if (!isCurrent) switchTo(workspace.slug);
                    }}
                  >
                    <span className="min-w-0 flex-1 truncate text-left">{workspace.name}</span>
                    <span className="badge badge-ghost badge-sm shrink-0">{roleLabel(workspace.role)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </HeaderDropdown>
  );
}
