// The bare-Temporal baseline's worker, a child process like the product's worker
// (`node --import tsx platform/dev/bench/bare/worker.ts <temporal address> <task queue>`): the
// same SDK and default worker options, with one no-op activity and ./workflow.ts. Stops on SIGINT.
import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Runtime, Worker, bundleWorkflowCode } from '@temporalio/worker';

const [address, taskQueue] = process.argv.slice(2);
if (!address || !taskQueue) throw new Error('usage: worker.ts <temporal address> <task queue>');
Runtime.install({ logger: new DefaultLogger('WARN') });
const workflowBundle = await bundleWorkflowCode({
  workflowsPath: fileURLToPath(new URL('./workflow.ts', import.meta.url)),
  logger: new DefaultLogger('WARN'),
});
const connection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection,
  taskQueue,
  workflowBundle,
  activities: { noop: async (item: number) => item },
});
await worker.run();
await connection.close();
