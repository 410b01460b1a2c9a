import { describe, expect, it } from 'vitest';
import { withDeadline } from './deadline.ts';

describe('withDeadline', () => {
  it('gives the work its result when it answers in time', async () => {
    await expect(withDeadline(Promise.resolve(42), 1_000, () => 'late')).resolves.toBe(42);
  });

  it('rejects with the message, the time in seconds to one decimal, when the deadline passes first', async () => {
    const never = new Promise<number>(() => {});
    await expect(withDeadline(never, 30, (seconds) => `no answer within ${seconds} s`)).rejects.toThrow('no answer within 0 s');
    await expect(withDeadline(never, 250, (seconds) => `no answer within ${seconds} s`)).rejects.toThrow('no answer within 0.3 s');
  });

  it("passes the work's own failure through", async () => {
    await expect(withDeadline(Promise.reject(new Error('refused')), 1_000, () => 'late')).rejects.toThrow('refused');
  });
});
