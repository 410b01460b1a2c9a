import type { ManagedProcess } from './managed-process.ts';

/** Waits before a restart: 1 s, then twice as long after each quick crash, at most 30 s. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A process that stayed up this long crashed "for the first time" again: the wait starts over. */
  stableMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * A child process kept running: when it exits on its own (a crash, a kill -9, a fatal error),
 * it is started again after a back-off, while everything else stays up; only stop() ends it.
 * A start that fails (the port still taken, the server not ready) counts as a quick crash.
 */
export class Supervised {
  private process: ManagedProcess;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private restarting: Promise<void> | undefined;
  private startedAt = Date.now();
  private quickCrashes = 0;
  /** How many times it was started again. */
  restarts = 0;
  private readonly watching: Promise<void>;

  constructor(
    readonly name: string,
    first: ManagedProcess,
    private readonly start: () => Promise<ManagedProcess>,
    private readonly log: (message: string) => void,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
  ) {
    this.process = first;
    this.watching = this.watch();
  }

  /** The process running now (a new one after each restart). */
  get current(): ManagedProcess {
    return this.process;
  }

  get isRunning(): boolean {
    return this.process.isRunning;
  }

  private async watch(): Promise<void> {
    for (;;) {
      const code = await this.process.exited;
      if (this.stopping) return;
      this.quickCrashes = Date.now() - this.startedAt >= this.backoff.stableMs ? 1 : this.quickCrashes + 1;
      let why = `${this.name} exited with code ${code}`;
      for (;;) {
        const waitMs = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** (this.quickCrashes - 1));
        this.log(`${why}: restarting it in ${seconds(waitMs)} (the rest stays up)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, waitMs);
          this.wakeUp = () => (clearTimeout(timer), resolve());
        });
        this.wakeUp = undefined;
        if (this.stopping) return;
        const attempt = this.start();
        this.restarting = attempt.then(
          () => undefined,
          () => undefined,
        );
        try {
          this.process = await attempt;
          break;
        } catch (error) {
          this.quickCrashes += 1;
          why = `${this.name} did not start again (${(error as Error).message.split('\n')[0]})`;
        } finally {
          this.restarting = undefined;
        }
      }
      this.startedAt = Date.now();
      this.restarts += 1;
      this.log(`${this.name} restarted`);
    }
  }

  /** Stops the process for good (after a restart under way, if any). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp?.();
    await this.restarting; // a process it started is this.process now, stopped below
    await this.process.stop();
    await this.watching;
  }
}
