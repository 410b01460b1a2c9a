import { defineManifest, definePlugin, serverOnly } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';

/** Every call the math plugin received, in order, so tests can tell what ran and what was reused. */
export const calls: string[] = [];
const number = z.object({ n: z.number() });

/** A gate `math.hold` (and `math.silentHold`) waits at: resolved when a step arrives, and when the test opens it. */
interface Gate {
  arrive: () => void;
  reached: Promise<void>;
  open: () => void;
  opened: Promise<void>;
}
const gates = new Map<string, Gate>();
function gate(name: string): Gate {
  let found = gates.get(name);
  if (!found) {
    let arrive = () => {};
    let open = () => {};
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    const opened = new Promise<void>((resolve) => (open = resolve));
    found = { arrive, reached, open, opened };
    gates.set(name, found);
  }
  return found;
}
/** Resolves once a `math.hold` step waits at the gate: a test orders steps by this event, never by how long one takes. */
export const reachedGate = (name: string): Promise<void> => gate(name).reached;
/** Lets every `math.hold` step at the gate go on, and any that comes to it later. */
export const openGate = (name: string): void => gate(name).open();
/**
 * Closes the gate again, as if new: steps that come to it from now on hold until the next openGate,
 * and reachedGate tells of the next arrival (e.g. a retried batch whose runs come back with the same
 * input). A step still held at it goes on with the next openGate too, never held for ever.
 */
export const closeGate = (name: string): void => {
  const before = gates.get(name);
  gates.delete(name);
  if (before) void gate(name).opened.then(before.open);
};

/**
 * Waits at the gate until the test opens it. Rejects once the attempt is cancelled (the worker shutting down
 * after a failed test), at once when it already is (a batch chunk going on to its next run), rather than held for ever.
 */
function holdAt(name: string, signal: AbortSignal): Promise<void> {
  const at = gate(name);
  at.arrive();
  return new Promise<void>((resolve, reject) => {
    const cancelled = () => reject(signal.reason as Error);
    if (signal.aborted) return cancelled();
    void at.opened.then(resolve);
    signal.addEventListener('abort', cancelled, { once: true });
  });
}

/**
 * A tiny plugin for pipeline tests: a plain step, one that fails its first attempt, one that fails for good, one that takes its
 * time, one that goes silent, one that holds at a gate until the test opens it (and one that heartbeats, then holds silent at
 * its attempt's gate), and one that multiplies by its config's factor (a step may set its own), with a secret in its config.
 */
export const mathPlugin = definePlugin(
  defineManifest({
    id: 'math',
    name: 'Math',
    version: '1.0.0',
    description: 'Arithmetic for pipeline tests',
    kind: 'agent',
    ui: { icon: 'calculator', color: '#64748b', category: 'Testing' },
    config: z.object({
      factor: z.number().min(-1000).max(1000).default(3).describe('What scale multiplies by.'),
      token: serverOnly(z.string().default('').describe('A secret a step may never set (never read).')),
    }),
    activities: {
      double: { description: 'n × 2', access: 'public', input: number, output: number, timeout: '10 seconds' },
      flakyIncrement: { description: 'n + 1, failing its first attempt', access: 'public', input: number, output: number },
      checkPositive: { description: 'fails for good on a negative n', access: 'public', input: number, output: number },
      wait: {
        description: 'answers n after ms milliseconds',
        access: 'public',
        input: z.object({ n: z.number(), ms: z.number().int().min(0).max(10_000) }),
        output: number,
      },
      hold: {
        description: 'answers n once the test opens the gate named (openGate)',
        access: 'public',
        input: z.object({ n: z.number(), gate: z.string().min(1) }),
        output: number,
      },
      scale: { description: 'n × the configured factor', access: 'public', input: number, output: number },
      silentWait: {
        description: 'says it heartbeats, then waits ms milliseconds without a heartbeat',
        access: 'public',
        heartbeats: true,
        input: z.object({ n: z.number(), ms: z.number().int().min(0).max(10_000) }),
        output: number,
      },
      silentHold: {
        description:
          'says it heartbeats; each attempt heartbeats { attempt } once, then holds without another heartbeat at the gate "<gate>#<attempt>" until the test opens it',
        access: 'public',
        heartbeats: true,
        input: z.object({ n: z.number(), gate: z.string().min(1) }),
        output: number,
      },
    },
  }),
  ({ config }) => ({
    double: async ({ n }) => (calls.push(`double(${n})`), { n: n * 2 }),
    flakyIncrement: async ({ n }, context) => {
      calls.push(`flakyIncrement(${n})#${context.attempt}`);
      if (context.attempt === 1) throw new Error('transient: connection reset');
      return { n: n + 1 };
    },
    wait: async ({ n, ms }) => {
      calls.push(`wait(${n}, ${ms})`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { n };
    },
    hold: async ({ n, gate: name }, context) => {
      calls.push(`hold(${n}, ${name})`);
      // Cancelled (the worker shutting down after a failed test) rather than held for ever.
      await holdAt(name, context.signal);
      return { n };
    },
    silentHold: async ({ n, gate: name }, context) => {
      // What the previous attempt last heartbeated, as Temporal hands it to this one.
      const handed = context.lastHeartbeat === undefined ? '' : ` after ${JSON.stringify(context.lastHeartbeat)}`;
      calls.push(`silentHold(${n}, ${name})#${context.attempt}${handed}`);
      context.heartbeat({ attempt: context.attempt });
      await holdAt(`${name}#${context.attempt}`, context.signal);
      return { n };
    },
    silentWait: async ({ n, ms }) => {
      calls.push(`silentWait(${n}, ${ms})`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { n };
    },
    scale: async ({ n }) => (calls.push(`scale(${n})×${config.factor}`), { n: n * config.factor }),
    checkPositive: async ({ n }) => {
      calls.push(`checkPositive(${n})`);
      if (n < 0) throw ApplicationFailure.create({ type: 'Negative', message: `${n} is negative`, nonRetryable: true });
      return { n };
    },
  }),
);

/** A pipeline of the math plugin: a fan-out, a flaky step retried, a step that can fail for good (check < 0), a condition (right.n ≥ 20). */
export const MATH_DEMO_PIPELINE = {
  id: 'math-demo',
  name: 'Math demo',
  nodes: [
    { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'left', activity: 'math.flakyIncrement', input: { n: '{{ start.n }}' } },
    { id: 'right', activity: 'math.double', input: { n: '{{ start.n }}' } },
    { id: 'check', activity: 'math.checkPositive', input: { n: '{{ input.check }}' } },
    { id: 'big', activity: 'math.double', input: { n: '{{ right.n }}' }, when: { path: 'right.n', op: 'gte', value: 20 } },
  ],
  edges: [
    { from: 'start', to: 'left' },
    { from: 'start', to: 'right' },
    { from: 'right', to: 'check' },
    { from: 'right', to: 'big' },
  ],
};

/** A batch pipeline of the math plugin in three stages: a flaky step, a step failing for negative n, a condition (bump.n ≥ 50). */
export const MATH_BATCH_PIPELINE = {
  id: 'batch-demo',
  name: 'Batch demo',
  nodes: [
    { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'bump', activity: 'math.flakyIncrement', input: { n: '{{ start.n }}' } },
    { id: 'check', activity: 'math.checkPositive', input: { n: '{{ start.n }}' } },
    { id: 'big', activity: 'math.double', input: { n: '{{ bump.n }}' }, when: { path: 'bump.n', op: 'gte', value: 50 } },
  ],
  edges: [
    { from: 'start', to: 'bump' },
    { from: 'start', to: 'check' },
    { from: 'bump', to: 'big' },
  ],
};
