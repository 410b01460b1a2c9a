import { describe, expect, it } from 'vitest';
import { runStartWork, type Startable } from './start-up.ts';

/** A promise and the functions that settle it, so a test decides when a start-up task ends. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { done, open, fail };
}

/** A logger that keeps what it is told, by level. */
function recordingLogger() {
  const lines: Array<{ level: 'error' | 'warn'; message: string }> = [];
  const at = (level: 'error' | 'warn') => (_fields: object, message: string) => void lines.push({ level, message });
  return { lines, logger: { error: at('error'), warn: at('warn') } as never };
}

describe('the features’ start-up work', () => {
  it('runs each task after those it names, the others side by side, with the context built for its feature', async () => {
    const order: string[] = [];
    const ends = { base: gate(), side: gate() };
    const began = { base: gate(), side: gate(), child: gate() };
    const task = (name: keyof typeof began, after: string[], end?: Promise<void>): Startable<string> => ({
      name,
      onStart: {
        does: `start ${name}`,
        after,
        run: async (context) => {
          order.push(`${name} began with ${context}`);
          began[name].open();
          await end;
          order.push(`${name} ended`);
        },
      },
    });
    const features = [task('child', ['base']), task('base', [], ends.base.done), task('side', [], ends.side.done), { name: 'quiet' }];
    const { logger, lines } = recordingLogger();
    const finished = runStartWork(features, (feature) => `context of ${feature.name}`, logger);
    // Both independent tasks begin while neither has ended; the one that waits on base has not begun.
    await Promise.all([began.base.done, began.side.done]);
    expect(order).toEqual(['base began with context of base', 'side began with context of side']);
    ends.base.open();
    await began.child.done;
    expect(order).toEqual([
      'base began with context of base',
      'side began with context of side',
      'base ended',
      'child began with context of child',
    ]);
    ends.side.open();
    const outcomes = await finished;
    expect(Object.fromEntries(outcomes)).toEqual({ child: 'done', base: 'done', side: 'done' });
    expect(order.slice(-2).sort()).toEqual(['child ended', 'side ended']);
    expect(lines).toEqual([]);
  });

  it('logs a failure, skips only the work waiting on it, and never rejects', async () => {
    const ran: string[] = [];
    const features: Array<Startable<null>> = [
      { name: 'broken', onStart: { does: 'prepare the broken thing', run: () => Promise.reject(new Error('the disk is full')) } },
      { name: 'waiting', onStart: { does: 'use the broken thing', after: ['broken'], run: async () => void ran.push('waiting') } },
      { name: 'later', onStart: { does: 'wait on the waiting one', after: ['waiting'], run: async () => void ran.push('later') } },
      { name: 'apart', onStart: { does: 'do its own thing', run: async () => void ran.push('apart') } },
    ];
    const { logger, lines } = recordingLogger();
    const outcomes = await runStartWork(features, () => null, logger);
    expect(Object.fromEntries(outcomes)).toEqual({ broken: 'failed', waiting: 'skipped', later: 'skipped', apart: 'done' });
    expect(ran).toEqual(['apart']);
    expect(lines).toEqual([
      { level: 'error', message: 'could not prepare the broken thing' },
      { level: 'warn', message: 'did not use the broken thing: the start-up work of broken did not succeed' },
      { level: 'warn', message: 'did not wait on the waiting one: the start-up work of waiting did not succeed' },
    ]);
  });

  it('treats a named feature without start-up work as ready', async () => {
    const ran: string[] = [];
    const features: Array<Startable<null>> = [
      { name: 'plain' },
      { name: 'after-plain', onStart: { does: 'follow plain', after: ['plain'], run: async () => void ran.push('after-plain') } },
    ];
    const outcomes = await runStartWork(features, () => null, recordingLogger().logger);
    expect(Object.fromEntries(outcomes)).toEqual({ 'after-plain': 'done' });
    expect(ran).toEqual(['after-plain']);
  });
});
