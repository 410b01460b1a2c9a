import { currentWorkspace } from '../../../lib/workspace.ts';

/**
 * Who is using the app. Accounts do not exist yet, so it names the workspace every call goes
 * to; sign-in replaces this one component with the signed-in user and a workspace switcher.
 */
export function UserLabel() {
  const workspace = currentWorkspace();
  return (
    <div className="flex items-center gap-2" data-testid="user-label">
      <div className="avatar avatar-placeholder">
        <div className="w-8 rounded-full bg-neutral text-neutral-content">
          <span className="text-xs">{workspace.slice(0, 2).toUpperCase()}</span>
        </div>
      </div>
      <div className="hidden leading-tight sm:block">
        <p className="text-sm font-medium">Workspace {workspace}</p>
        <p className="text-xs text-base-content/60">No sign-in yet</p>
      </div>
    </div>
  );
}
