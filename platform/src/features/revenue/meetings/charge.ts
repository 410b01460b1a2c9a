import { PPM_PRICING } from '@meetflow/plugin-sdk/contracts/agents';
import { z } from 'zod';
import { prospectModel } from '../../prospecting/services.ts';
import { callDeclaredActivity, type PluginApiDeps } from '../../runs/services.ts';
import type { WorkspaceRunContext } from '../../../core/run-context.ts';

const Slices = z.object({ slices: z.array(z.object({ sliceId: z.string(), tier: z.string() })) });

/**
 * The pricing tier of a company by headcount, as the spec's tiers define them (section 9):
 * Volume 10–50 employees, Standard 50–200, Premium 200+. Unknown headcount: no tier.
 */
export function tierOfHeadcount(employeeCount: number | null | undefined): 'volume' | 'standard' | 'premium' | null {
  if (employeeCount === null || employeeCount === undefined || !Number.isFinite(employeeCount)) return null;
  if (employeeCount < 50) return 'volume';
  return employeeCount < 200 ? 'standard' : 'premium';
}

/** What charging a meeting answers: the ledger's answer, or why nothing was charged. */
export type ChargeResult = { charged: boolean; amount: number; sliceId: string | null; reason: string };

/**
 * Records an attended meeting (charged at its slice's price) or a no-show (free, and it lowers
 * the slice's show-up estimate) in the pricing ledger, once per meeting. The slice is the
 * workspace's slice of the prospect's tier by headcount; a prospect of unknown size, or a
 * workspace without that slice, is not charged.
 */
export async function chargeMeetingOutcome(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  meeting: { id: string; prospectId: number; scheduledAt: string },
  outcome: 'completed' | 'no-show',
): Promise<ChargeResult> {
  const { workspaceId } = run;
  if (!deps.host.installed(PPM_PRICING.plugin)) return { charged: false, amount: 0, sliceId: null, reason: 'no pricing plugin installed' };
  const prospect = await prospectModel(deps.connection)
    .findOne({ workspaceId, id: meeting.prospectId }, { employeeCount: 1 })
    .lean<{ employeeCount?: number | null }>();
  const tier = tierOfHeadcount(prospect?.employeeCount);
  if (!tier)
    return { charged: false, amount: 0, sliceId: null, reason: "the prospect's company size is unknown, so no slice prices the meeting" };
  // chargeMeeting is idempotent per meeting (the first outcome reported stands), so a retried request charges once.
  const call = (activity: 'listSlices' | 'chargeMeeting', input: unknown) => callDeclaredActivity(deps, PPM_PRICING[activity], input, run);
  const { slices } = Slices.parse(await call('listSlices', {}));
  const slice = slices.find((candidate) => candidate.sliceId === tier) ?? slices.find((candidate) => candidate.tier === tier);
  if (!slice) return { charged: false, amount: 0, sliceId: null, reason: `the workspace has no ${tier} slice` };
  const answer = z
    .object({ charged: z.boolean(), amount: z.number(), reason: z.string() })
    .parse(await call('chargeMeeting', { meetingId: meeting.id, sliceId: slice.sliceId, outcome, attendedAt: meeting.scheduledAt }));
  return { ...answer, sliceId: slice.sliceId };
}
