/** The gates of BRANCHES' two held steps (math-plugin.ts: reachedGate, openGate). */
export const BRANCH_GATES = { slow: 'branches.slow', after: 'branches.after' };

/**
 * A pipeline with a held and a quick branch: `slow` holds at its gate (math.hold) until the test
 * opens it, and `after` depends on the quick branch only, so a true DAG starts `after` while `slow`
 * is held (a wave-by-wave interpreter waits for `slow`: `after` never reaches its gate).
 */
export const BRANCHES = {
  id: 'branches',
  name: 'Held and quick branches',
  nodes: [
    { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'slow', activity: 'math.hold', input: { n: '{{ start.n }}', gate: BRANCH_GATES.slow } },
    { id: 'fast', activity: 'math.double', input: { n: '{{ start.n }}' } },
    { id: 'after', activity: 'math.hold', input: { n: '{{ fast.n }}', gate: BRANCH_GATES.after } },
  ],
  edges: [
    { from: 'start', to: 'slow' },
    { from: 'start', to: 'fast' },
    { from: 'fast', to: 'after' },
  ],
};
