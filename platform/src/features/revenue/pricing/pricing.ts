import { PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import { InputError, NotFoundError } from '../../../core/errors.ts';
import { callDeclaredActivity, callPluginService, type DeclaredCallOptions, type PluginApiDeps } from '../../runs/services.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';

/**
 * Runs one ppm-pricing activity in the run context's workspace; an unknown slice is a 404. A read the
 * plugin declares a service (its slices, bids, ledger) runs in this process, on the plugin's own
 * collections: a page of prices then needs no worker, however busy a batch keeps it (the /pricing
 * page waited more than 5 s for its slices behind research once: CI, 2026-12-02). Anything else runs
 * on the worker, with its manifest timeout.
 */
export function callPricing(
  deps: PluginApiDeps,
  activity: Exclude<keyof typeof PPM_PRICING, 'plugin'>,
  input: unknown,
  run: WorkspaceRunContext,
  options: DeclaredCallOptions = {},
): Promise<unknown> {
  const failures = { SliceNotFound: NotFoundError, ...options.failures };
  const name = PPM_PRICING[activity];
  if (deps.host.isService(name)) return callPluginService(deps, name, input, run, { failures });
  return callDeclaredActivity(deps, name, input, run, { ...options, failures });
}

/**
 * The workspace a bid is for. The UI sends `workspaceId` in the body and no query; a client
 * that sends both must send the same one (a mismatch is refused rather than guessed at).
 */
export function bidWorkspace(bodyWorkspaceId: string | undefined, queryWorkspace: string | undefined, fallback: string): string {
  if (bodyWorkspaceId !== undefined && queryWorkspace !== undefined && bodyWorkspaceId !== queryWorkspace) {
    throw new InputError(`Invalid request: workspaceId: "${bodyWorkspaceId}" does not match ?workspace=${queryWorkspace}`);
  }
  return bodyWorkspaceId ?? queryWorkspace ?? fallback;
}
