import { DefaultLogger, Runtime } from '@temporalio/worker';

let installed = false;

/**
 * Makes the Temporal SDK of this test process log errors only. Tests fail activities and
 * workflows on purpose; at the SDK's default level each such failure prints a warning with its
 * stack, burying a real failure in a green run. Call before the first worker or test
 * environment is created; once per process (later calls do nothing).
 */
export function quietTemporalRuntime(): void {
  if (installed) return;
  installed = true;
  try {
    // Core's own (native) log lines are printed apart from the TS logger: filter them to errors too
    // (the time-skipping test server is old enough for core to warn about it on every worker).
    Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });
  } catch {
    // A runtime already exists in this process (created by an earlier worker): its logger stays.
  }
}
