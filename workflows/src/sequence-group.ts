import { condition, defineQuery, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SequenceActivities } from './activities.ts';
import { runSequence, type ProspectSequenceInput, type SequenceHandlers, type SequenceState } from './prospect-sequence.ts';

/** A prospect's sequence in a group, as enrolment starts it. */
export interface SequenceMember extends ProspectSequenceInput {
  /** Its campaign is paused: it starts paused by a user, until the campaign resumes. */
  held?: boolean;
}

/** The sequences of one enrolment's chunk of prospects, all of one workspace. */
export interface SequenceGroupInput {
  workspaceId: string;
  members: SequenceMember[];
}

/** The signals a member's sequence takes: the same as a sequence alone takes, by name. */
export type MemberSignalName = Exclude<keyof SequenceHandlers, 'state'>;

/** One signal for some members of the group (a campaign's pause reaches its chunk's members in one). */
export interface MemberSignal {
  prospectIds: number[];
  name: MemberSignalName;
  arg: unknown;
}

/** How a group ended: each member's last state. */
export interface SequenceGroupResult {
  states: Record<string, SequenceState>;
}

export const memberSignal = defineSignal<[MemberSignal]>('member');
/** The states of the members asked for (by prospect id), those that ended included; unknown ids are left out. */
export const memberStatesQuery = defineQuery<Record<string, SequenceState>, [number[]]>('memberStates');

const SIGNALS: ReadonlySet<string> = new Set<MemberSignalName>(['reply', 'unsubscribe', 'approve', 'reject', 'control']);

const { sequencesEnded } = proxyActivities<SequenceActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 },
});

/**
 * The sequences of a chunk of prospects in one workflow: each member runs exactly the cadence a
 * sequence alone runs (`runSequence`), with its own timers, sends, reviews and state, so a batch
 * pays for one workflow per chunk instead of one per prospect. Signals and queries name the
 * member; a member's end is recorded in the sequence directory (those that end together, at once).
 */
export async function sequenceGroup(input: SequenceGroupInput): Promise<SequenceGroupResult> {
  const live = new Map<number, SequenceHandlers>();
  const states: Record<string, SequenceState> = {};
  const ended: number[] = [];
  let running = input.members.length;

  setHandler(memberSignal, ({ prospectIds, name, arg }) => {
    if (!SIGNALS.has(name) || !Array.isArray(prospectIds)) return;
    for (const prospectId of prospectIds) {
      const handlers = live.get(prospectId);
      if (handlers) (handlers[name] as (value: unknown) => void)(arg);
    }
  });
  setHandler(memberStatesQuery, (prospectIds) =>
    Object.fromEntries(
      (Array.isArray(prospectIds) ? prospectIds : []).flatMap((prospectId) => {
        const state = live.get(prospectId)?.state() ?? states[prospectId];
        return state ? [[String(prospectId), state]] : [];
      }),
    ),
  );

  const recorder = (async () => {
    for (;;) {
      await condition(() => ended.length > 0 || running === 0);
      if (ended.length > 0) await sequencesEnded({ workspaceId: input.workspaceId, prospectIds: ended.splice(0) });
      else return;
    }
  })();
  await Promise.all(
    input.members.map(async ({ held, ...member }) => {
      const state = await runSequence(member, (handlers) => live.set(member.prospectId, handlers), held === true);
      live.delete(member.prospectId);
      states[member.prospectId] = state;
      ended.push(member.prospectId);
      running -= 1;
    }),
  );
  await recorder;
  return { states };
}
