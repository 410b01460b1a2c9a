import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/** One end-to-end check: a workflow ran on a worker and wrote this through an activity. */
const SystemCheckSchema = new Schema({
  checkId: { type: String, required: true },
  workflowId: { type: String, required: true },
  runId: { type: String, required: true },
  worker: { type: String, required: true },
  checkedAt: { type: Date, required: true },
});
SystemCheckSchema.index({ checkId: 1 }, { unique: true });

export type SystemCheck = InferSchemaType<typeof SystemCheckSchema>;
const buildSystemCheck = (connection: Connection) => connection.model('SystemCheck', SystemCheckSchema);
export type SystemCheckModel = ReturnType<typeof buildSystemCheck>;

/** Registers the SystemCheck model on a connection (once). */
export function systemCheckModel(connection: Connection): SystemCheckModel {
  return (connection.models.SystemCheck as SystemCheckModel | undefined) ?? buildSystemCheck(connection);
}
