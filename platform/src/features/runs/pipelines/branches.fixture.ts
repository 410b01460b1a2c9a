/**
 * A pipeline with a slow and a fast branch: `after` depends on the fast branch only, so a true
 * DAG starts it while `slow` still runs (a wave-by-wave interpreter waits for `slow`).
 */
export const BRANCHES = {
  id: 'branches',
  name: 'Slow and fast branches',
  nodes: [
    { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'slow', activity: 'math.wait', input: { n: '{{ start.n }}', ms: 1_500 } },
    { id: 'fast', activity: 'math.wait', input: { n: '{{ start.n }}', ms: 10 } },
    { id: 'after', activity: 'math.double', input: { n: '{{ fast.n }}' } },
  ],
  edges: [
    { from: 'start', to: 'slow' },
    { from: 'start', to: 'fast' },
    { from: 'fast', to: 'after' },
  ],
};
