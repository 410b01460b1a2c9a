/**
 * `work`'s result, or a rejection with an Error saying `message(seconds)` when `ms` pass first
 * (seconds to one decimal). The timer is cleared either way; `work` itself is not cancelled.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, message: (seconds: number) => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message(Math.round(ms / 100) / 10))), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
