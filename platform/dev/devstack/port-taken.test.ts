// A port the OS called free can be taken before the database binds it (the Temporal dev server
// starting beside it takes random ports of its own): the launcher then exits at once, saying so, and
// the supervisor's error lets whoever chose the port choose again.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionDevstack } from './provision.ts';
import { DevstackError, portTakenAtStart } from './supervisor.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-port-taken-'));
let holder: Server;
let port: number;

beforeAll(async () => {
  holder = createServer().listen(0, '127.0.0.1');
  await new Promise((resolveListen) => holder.once('listening', resolveListen));
  port = (holder.address() as { port: number }).port;
});
afterAll(() => {
  holder.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a database port taken before the database binds it', () => {
  it('makes the launcher exit at once with code 3, naming the port, instead of hanging until the ready timeout', async () => {
    const tools = await provisionDevstack();
    const launcher = spawn(
      tools.java,
      ['-cp', tools.mongoClasspath, 'MeetflowMongoServer', '127.0.0.1', String(port), join(dataDir, 'x.mv')],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    launcher.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolveExit) => launcher.once('exit', resolveExit));
    expect(code).toBe(3);
    expect(stderr).toContain(`could not listen on 127.0.0.1:${port} (port in use)`);
  });

  it('is an error whoever chose the port may retry on another, and no other error is', () => {
    expect(
      portTakenAtStart(
        new DevstackError(`database exited during start-up:\nmeetflow-mongo could not listen on 127.0.0.1:${port} (port in use)`),
      ),
    ).toBe(true);
    expect(portTakenAtStart(new DevstackError('cannot start the database: port 27027 is already in use (another `npm start`?)'))).toBe(
      true,
    );
    expect(portTakenAtStart(new DevstackError('Temporal dev server was not ready after 60 s (connection refused)'))).toBe(false);
    expect(portTakenAtStart(new Error('port in use'))).toBe(false);
  });
});
