import type { RunPrincipal } from '@meetflow/plugin-sdk';
import type { WorkspaceRunContext } from '../../src/core/run-context.ts';

/** The principal a test starts its runs as when who starts them is not what it tests: a workspace owner. */
export const TEST_OWNER: RunPrincipal = Object.freeze({ kind: 'user', id: 'user:test-owner', role: 'owner' });

/** A test's run context in `workspaceId`, started by `principal` (the test owner by default). */
export function testRunContext(workspaceId: string, principal: RunPrincipal = TEST_OWNER): WorkspaceRunContext {
  return { workspaceId, runId: null, principal, deadline: null };
}
