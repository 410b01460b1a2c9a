// Pipeline definitions as the interpreter workflow sees them (validated by the platform first).

/** A comparison on an earlier step's output, e.g. lead-scoring's totalScore ≥ 70. */
export interface Condition {
  /** `<nodeId>.<path in its output>`, e.g. `score.totalScore`. */
  path: string;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'exists' | 'in';
  value?: unknown;
}

/** One step: a plugin activity, its input template and an optional condition. */
export interface PipelineNode {
  /** Unique in the definition; letters, digits, dashes, e.g. `score`. */
  id: string;
  /** `<plugin>.<activity>`. */
  activity: string;
  /**
   * The activity's input. A string that is exactly `{{ input.prospect.website }}` or
   * `{{ <nodeId>.<path> }}` is replaced by that part of the run input or an earlier output.
   */
  input: unknown;
  when?: Condition;
  /** Start-to-close timeout, copied from the plugin manifest when the run is prepared. */
  timeout?: string;
  /** Heartbeat timeout, set when the run is prepared for an activity whose manifest says it heartbeats. */
  heartbeatTimeout?: string;
  label?: string;
  /** How the step's activity is retried; unset parts keep the interpreter's defaults (5 attempts, 1 s doubling to 1 min). */
  retry?: StepRetry;
  /** Where the editor draws the step; the interpreter ignores it. */
  position?: { x: number; y: number };
  /**
   * Settings of the activity's plugin for this step only, over the server's: some fields of its
   * config schema, never a credential (the definition is written into workflow histories). The
   * worker runs the step on the plugin bound with them; the interpreter ignores them.
   */
  config?: Record<string, unknown>;
}

/** A step's retry settings, as the editor's side panel sets them. */
export interface StepRetry {
  /** Attempts in all, the first included (1 = never retried). */
  maximumAttempts?: number;
  /** Wait before the first retry, e.g. `1 second`. */
  initialInterval?: string;
  /** Each wait is the previous one times this. */
  backoffCoefficient?: number;
  /** The longest wait between two attempts, e.g. `1 minute`. */
  maximumInterval?: string;
}

/** An edge: `to` runs after `from`. Nodes with no path between them run in parallel. */
export interface PipelineEdge {
  from: string;
  to: string;
}

/** A versioned pipeline definition, snapshotted into each run. */
export interface PipelineDefinition {
  id: string;
  name: string;
  version: number;
  nodes: PipelineNode[];
  edges: PipelineEdge[];
}

/** How each step of a run ended. */
export type StepStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
