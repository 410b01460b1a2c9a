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

/** What charging a meeting answers: the ledger's answer (what the meeting is billed now, in dollars and cents), or why nothing was charged. */
export type ChargeResult = { charged: boolean; amount: number; amountMinor: number; sliceId: string | null; reason: string };

/**
 * Records a meeting's outcome in the pricing ledger: attended → a charge at its slice's price, an
 * attended meeting corrected to a no-show → a credit of that charge, a no-show → nothing charged
 * (it lowers the slice's show-up estimate). The slice is the workspace's slice of the prospect's
 * tier by headcount; a prospect of unknown size, or a workspace without that slice, is not charged.
 */
export async function chargeMeetingOutcome(
  deps: PluginApiDeps,
  run: WorkspaceRunContext,
  meeting: { id: string; prospectId: number; scheduledAt: string },
  outcome: 'completed' | 'no-show',
): Promise<ChargeResult> {
  const { workspaceId } = run;
  if (!deps.host.installed(PPM_PRICING.plugin))
    return { charged: false, amount: 0, amountMinor: 0, sliceId: null, reason: 'no pricing plugin installed' };
  const prospect = await prospectModel(deps.connection)
    .findOne({ workspaceId, id: meeting.prospectId }, { employeeCount: 1 })
    .lean<{ employeeCount?: number | null }>();
  const tier = tierOfHeadcount(prospect?.employeeCount);
  if (!tier)
    return {
      charged: false,
      amount: 0,
      amountMinor: 0,
      sliceId: null,
      reason: "the prospect's company size is unknown, so no slice prices the meeting",
    };
  // chargeMeeting adds an entry per transition of the meeting, keyed by it: a retried request adds nothing.
  const call = (activity: 'listSlices' | 'chargeMeeting', input: unknown) => callDeclaredActivity(deps, PPM_PRICING[activity], input, run);
  const { slices } = Slices.parse(await call('listSlices', {}));
  const slice = slices.find((candidate) => candidate.sliceId === tier) ?? slices.find((candidate) => candidate.tier === tier);
  if (!slice) return { charged: false, amount: 0, amountMinor: 0, sliceId: null, reason: `the workspace has no ${tier} slice` };
  const answer = z
    .object({ charged: z.boolean(), amount: z.number(), amountMinor: z.number().int(), reason: z.string() })
    .parse(await call('chargeMeeting', { meetingId: meeting.id, sliceId: slice.sliceId, outcome, attendedAt: meeting.scheduledAt }));
  return { ...answer, sliceId: slice.sliceId };
}
