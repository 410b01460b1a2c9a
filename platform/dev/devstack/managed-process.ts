import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PRIVATE_FILE_MODE } from '../../src/core/private-files.ts';

/** How to start one local server. */
export interface ManagedProcessOptions {
  /** Short name used in messages, e.g. "temporal". */
  name: string;
  command: string;
  args: string[];
  /** stdout and stderr are appended here; without it they go to this process's terminal. */
  logFile?: string;
  /** Records the pid, so a later start can clean up after a run that was killed. */
  pidFile: string;
  env?: NodeJS.ProcessEnv;
}

/** True when a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function commandLineOf(pid: number): string {
  return spawnSync('ps', ['-p', String(pid), '-o', 'args='], { encoding: 'utf8' }).stdout?.trim() ?? '';
}

/**
 * Stops a server left running by an earlier run that died without stopping it (it would still
 * hold the port and the data file). Only a process whose command line is the recorded one is
 * touched, so a reused pid is never killed.
 */
export async function stopOrphan(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const recorded = JSON.parse(readFileSync(pidFile, 'utf8')) as { pid: number; commandLine: string };
  if (isAlive(recorded.pid) && commandLineOf(recorded.pid) === recorded.commandLine) {
    process.kill(recorded.pid, 'SIGTERM');
    for (let i = 0; i < 100 && isAlive(recorded.pid); i++) await sleep(100);
    if (isAlive(recorded.pid)) process.kill(recorded.pid, 'SIGKILL');
  }
  rmSync(pidFile, { force: true });
}

/** A local server run as a child in its own process group, stopped in order by its owner. */
export class ManagedProcess {
  readonly name: string;
  readonly pid: number;
  /** Resolves with the exit code (or null when killed by a signal) once the process ends. */
  readonly exited: Promise<number | null>;
  private running = true;

  private constructor(
    private readonly child: ChildProcess,
    private readonly options: ManagedProcessOptions,
  ) {
    this.name = options.name;
    this.pid = child.pid ?? 0;
    this.exited = new Promise((resolveExit) => {
      child.once('exit', (code) => {
        this.running = false;
        rmSync(options.pidFile, { force: true });
        resolveExit(code);
      });
    });
  }

  /** Starts the process, detached from the terminal so Ctrl-C reaches only its owner. */
  static async start(options: ManagedProcessOptions): Promise<ManagedProcess> {
    await stopOrphan(options.pidFile);
    // Logs and pid files are their user's alone (private-files.ts), as the rest of the data folder.
    const log = options.logFile ? openSync(options.logFile, 'a', PRIVATE_FILE_MODE) : undefined;
    try {
      const child = spawn(options.command, options.args, {
        detached: true,
        stdio: log === undefined ? ['ignore', 'inherit', 'inherit'] : ['ignore', log, log],
        env: options.env ?? process.env,
      });
      const started = await new Promise<ChildProcess>((resolveSpawn, reject) => {
        child.once('spawn', () => resolveSpawn(child));
        child.once('error', (error) => reject(new Error(`could not start ${options.name}: ${error.message}`)));
      });
      const managed = new ManagedProcess(started, options);
      writeFileSync(options.pidFile, JSON.stringify({ pid: managed.pid, commandLine: commandLineOf(managed.pid) }), {
        mode: PRIVATE_FILE_MODE,
      });
      return managed;
    } finally {
      if (log !== undefined) closeSync(log);
    }
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** The last lines of the process's log, for error messages. */
  logTail(lines = 20): string {
    if (!this.options.logFile) return '';
    try {
      return readFileSync(this.options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /** Asks the process to stop (SIGTERM) and kills it if it has not stopped after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const stopped = await Promise.race([this.exited.then(() => true), sleep(graceMs, undefined, { ref: false }).then(() => false)]);
    if (!stopped) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  /** Kills the process at once, as a crash would: for tests of durability. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
