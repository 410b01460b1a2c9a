import { PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import { InputError, NotFoundError } from '../../../core/errors.ts';
import { callDeclaredActivity, type DeclaredCallOptions, type PluginApiDeps } from '../../runs/services.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';

/** Runs one ppm-pricing activity on the worker in the run context's workspace, with its manifest timeout; an unknown slice is a 404. */
export function callPricing(
  deps: PluginApiDeps,
  activity: Exclude<keyof typeof PPM_PRICING, 'plugin'>,
  input: unknown,
  run: WorkspaceRunContext,
  options: DeclaredCallOptions = {},
): Promise<unknown> {
  return callDeclaredActivity(deps, PPM_PRICING[activity], input, run, { failures: { SliceNotFound: NotFoundError }, ...options });
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
