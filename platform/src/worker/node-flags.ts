// How the worker process starts, wherever it is started: `npm start`
// (platform/dev/stack/start-stack.ts), the bench and the fault bed (platform/dev/bench/stack.ts),
// crash-recovery.test.ts, and docker-compose.yml's worker service (docker-compose.test.ts holds
// its command and environment equal to these).
//
// Both keep the worker's memory near what it uses (README, "What the idle worker's memory is";
// measured in the 1,000-prospect batch with `npm run bench -- batch`). V8 otherwise grows the
// heap far ahead of what is live: at 782 MB of RSS the worker's main-thread heap held 439 MB, of
// which 147 MB was live after a full GC, and the worker peaked at 877–887 MB.

/** --optimize-for-size: V8 grows and keeps the heap conservatively, in every isolate of the process (the workflow thread's too). */
export const WORKER_NODE_FLAGS: readonly string[] = ['--optimize-for-size'];

/** glibc's malloc keeps up to 8 arenas per core, one per busy thread (the Temporal core's, libuv's, V8's), each holding freed memory. */
export const WORKER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
