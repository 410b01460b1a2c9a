import { Schema, type Connection, type Model } from 'mongoose';

/** An activity execution in progress; it stops counting at `expiresAt` even if its worker died. */
export interface InFlightExecution {
  key: string;
  activity: string;
  startedAt: Date;
  expiresAt: Date;
}

/**
 * What one agent (plugin) is doing and has done, kept up to date as its activities run: a
 * rollup, so the status endpoint reads one small document per agent. Platform-wide, not per
 * workspace: the same worker runs every workspace's steps.
 */
export interface AgentActivity {
  pluginId: string;
  inFlight: InFlightExecution[];
  succeeded: number;
  failed: number;
  lastStartedAt?: Date;
  lastFinishedAt?: Date;
}

const AgentActivitySchema = new Schema<AgentActivity>(
  {
    pluginId: { type: String, required: true },
    inFlight: {
      type: [new Schema<InFlightExecution>({ key: String, activity: String, startedAt: Date, expiresAt: Date }, { _id: false })],
      default: [],
    },
    succeeded: { type: Number, default: 0 },
    failed: { type: Number, default: 0 },
    lastStartedAt: Date,
    lastFinishedAt: Date,
  },
  { collection: 'agent_activity' },
);
AgentActivitySchema.index({ pluginId: 1 }, { unique: true });

/** Registers the AgentActivity model on a connection (once). */
export function agentActivityModel(connection: Connection): Model<AgentActivity> {
  return (
    (connection.models.AgentActivity as Model<AgentActivity> | undefined) ??
    connection.model<AgentActivity>('AgentActivity', AgentActivitySchema)
  );
}
