import { RateLimiterMemory } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../core/errors.ts';

/** Failed sign-ins allowed per window: per account, and per client address (which may try many accounts). */
export interface LoginLimitPolicy {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}
export const DEFAULT_LOGIN_LIMITS: LoginLimitPolicy = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 };

/**
 * Counts failed sign-ins with rate-limiter-flexible, in this API process's memory (a second API
 * process counts its own; the limit then applies per process). A success clears the account's count.
 */
export class LoginLimits {
  private readonly accounts: RateLimiterMemory;
  private readonly addresses: RateLimiterMemory;

  constructor(private readonly policy: LoginLimitPolicy = DEFAULT_LOGIN_LIMITS) {
    this.accounts = new RateLimiterMemory({ keyPrefix: 'login-account', points: policy.perAccount, duration: policy.windowSeconds });
    this.addresses = new RateLimiterMemory({ keyPrefix: 'login-address', points: policy.perAddress, duration: policy.windowSeconds });
  }

  /** Throws a 429 (with when to try again) once the account or the address has used its failures. */
  async check(email: string, address: string): Promise<void> {
    const [account, from] = await Promise.all([this.accounts.get(email), this.addresses.get(address)]);
    const blocked = [
      account && account.consumedPoints >= this.policy.perAccount ? account.msBeforeNext : 0,
      from && from.consumedPoints >= this.policy.perAddress ? from.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...blocked);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw new TooManyRequestsError(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil(waitMs / 1000),
      );
    }
  }

  /** Counts one failed attempt against both. */
  async failed(email: string, address: string): Promise<void> {
    // consume rejects once a limiter is used up; the next check() is what refuses.
    await Promise.allSettled([this.accounts.consume(email), this.addresses.consume(address)]);
  }

  /** A successful sign-in clears the account's failures (not the address's). */
  async succeeded(email: string): Promise<void> {
    await this.accounts.delete(email);
  }
}
