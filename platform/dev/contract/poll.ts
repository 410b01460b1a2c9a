/** Asks `read` until `done` holds for its answer (also in hooks, where expect.poll is not allowed); throws after the timeout. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 300)} after ${timeoutMs} ms`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
}
