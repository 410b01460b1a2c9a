import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { TooManyRequestsError } from '../../../core/errors.ts';
import type { ClientLimiter } from '../../../core/http/client-limit.ts';
import { clientAddressKey } from './client-address.ts';
import type { AuthModels } from './model.ts';

/** How much the abuse limits allow. */
export interface LoginLimitPolicy {
  /** Sign-in attempts of an account that may fail before each further one must wait. */
  freeFailures: number;
  /** The longest wait between two attempts of one account: the delay grows to this and stays. */
  maxDelaySeconds: number;
  /** Failed sign-ins allowed per client address (IPv4, or IPv6 /64) per window, over all accounts. */
  perAddress: number;
  windowSeconds: number;
  /** Sign-ups allowed per client address per hour. */
  signUpsPerHour: number;
  /** Password-reset requests allowed per client address per hour. */
  resetsPerHour: number;
  /** Account emails (reset or verification links) sent to one address per hour, of each kind: more are not sent. */
  accountEmailsPerHour: number;
}

/**
 * After 5 failures each further attempt waits 2^failures seconds (32 s, 64 s, …), at most 15
 * minutes; 20 failures per address in 15 minutes; 10 sign-ups and 10 reset requests per address
 * an hour, and at most 3 reset (or verification) emails to one address an hour.
 */
export const DEFAULT_LOGIN_LIMITS: LoginLimitPolicy = {
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  perAddress: 20,
  windowSeconds: 15 * 60,
  signUpsPerHour: 10,
  resetsPerHour: 10,
  accountEmailsPerHour: 3,
};

const HOUR_MS = 3_600_000;
/** An account's failures are forgotten a day after the last one. */
const FAILURES_KEPT_MS = 24 * HOUR_MS;

/** How long after `failures` failed attempts the next may be made. */
export function delayAfter(failures: number, policy: LoginLimitPolicy = DEFAULT_LOGIN_LIMITS): number {
  return failures < policy.freeFailures ? 0 : Math.min(2 ** failures, policy.maxDelaySeconds) * 1000;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const waitText = (ms: number) => {
  if (ms < 60_000) return `${seconds(ms)} seconds`;
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
const tooManySignIns = (waitMs: number) =>
  new TooManyRequestsError(`Too many failed sign-in attempts. Try again in ${waitText(waitMs)}.`, seconds(waitMs));

/** A sign-in attempt under way: it has been counted; say how it ended. */
export interface SignInAttempt {
  /** The password was right: the attempt does not count against the address, and the account's failures are cleared. */
  succeeded(): Promise<void>;
}

/**
 * The abuse limits of signing in, signing up and asking for a password reset, counted in the
 * database (`authLimits`), so every API process sees the same counts.
 *
 * Signing in slows down instead of locking: an account's failures beyond the first few make each
 * next attempt wait longer (a 429 with Retry-After; no request is held), up to a ceiling, and a
 * browser that has signed in to the account before (its device cookie) counts apart, so someone
 * else's guesses never keep the owner out. Every attempt is counted before the password is
 * checked (atomically), so parallel guesses get no more tries than sequential ones.
 */
export class LoginLimits {
  /** Limits by `policy`, counted in `db` (given here, or by the routes that use them: {@link LoginLimits.in}). */
  constructor(
    private readonly policy: LoginLimitPolicy = DEFAULT_LOGIN_LIMITS,
    private readonly counters?: Pick<AuthModels, 'authLimits'>,
  ) {}

  /** These limits counted in `db` (themselves when they count there already). */
  in(db: Pick<AuthModels, 'authLimits'>): LoginLimits {
    return this.counters === db ? this : new LoginLimits(this.policy, db);
  }

  private get db(): Pick<AuthModels, 'authLimits'> {
    if (!this.counters) throw new Error('LoginLimits: no database to count in (use limits.in(db))');
    return this.counters;
  }

  /**
   * Counts a sign-in (or password check) attempt of `account` from `address` before the
   * password is checked; throws a 429 while the address has used its failures or the account
   * (or this device's record of it) must still wait. `device` names a browser that has signed in
   * to this account before: its attempts wait on their own count, not the account's.
   */
  async attempt(account: string, address: string, now: Date, device: string | null = null): Promise<SignInAttempt> {
    const addressKey = `login-address:${clientAddressKey(address)}`;
    const accountKey = device ? `login-device:${device}` : `login-account:${account}`;
    const from = await this.hit(addressKey, this.policy.windowSeconds * 1000, now);
    if (from.count > this.policy.perAddress) {
      await this.unhit(addressKey);
      throw tooManySignIns(from.windowEndsAt.getTime() - now.getTime());
    }
    try {
      await this.countFailure(accountKey, now);
    } catch (error) {
      await this.unhit(addressKey);
      throw error;
    }
    return {
      succeeded: async () => {
        await this.unhit(addressKey);
        await this.db.authLimits.deleteOne({ _id: accountKey });
      },
    };
  }

  /** Forgets an account's failed sign-ins (its password was just reset by its owner). */
  async clearAccount(account: string): Promise<void> {
    await this.db.authLimits.deleteOne({ _id: `login-account:${account}` });
  }

  /** Counts a sign-up from `address`; a 429 past the hourly limit. */
  async signUp(address: string, now: Date): Promise<void> {
    const counted = await this.hit(`signup-address:${clientAddressKey(address)}`, HOUR_MS, now);
    if (counted.count > this.policy.signUpsPerHour) {
      const waitMs = counted.windowEndsAt.getTime() - now.getTime();
      throw new TooManyRequestsError(`Too many sign-ups from this address. Try again in ${waitText(waitMs)}.`, seconds(waitMs));
    }
  }

  /** Counts a password-reset request from `address`; a 429 past the hourly limit. */
  async resetRequest(address: string, now: Date): Promise<void> {
    const counted = await this.hit(`reset-address:${clientAddressKey(address)}`, HOUR_MS, now);
    if (counted.count > this.policy.resetsPerHour) {
      const waitMs = counted.windowEndsAt.getTime() - now.getTime();
      throw new TooManyRequestsError(
        `Too many password-reset requests from this address. Try again in ${waitText(waitMs)}.`,
        seconds(waitMs),
      );
    }
  }

  /**
   * Counts a request of a public route (`scope`) from `address` in a one-minute window; a 429
   * past `perMinute` (the route's `perClientPerMinute`, core/http/client-limit.ts).
   */
  async publicRequest(scope: string, address: string, perMinute: number, now: Date): Promise<void> {
    const counted = await this.hit(`public:${scope}:${clientAddressKey(address)}`, 60_000, now);
    if (counted.count > perMinute) {
      const waitMs = counted.windowEndsAt.getTime() - now.getTime();
      throw new TooManyRequestsError(`Too many requests from this address. Try again in ${waitText(waitMs)}.`, seconds(waitMs));
    }
  }

  /**
   * Whether one more account email of a kind (reset links, verification links) may go to `email`
   * this hour, and else how long until one may: nobody can flood an inbox through these forms.
   */
  async mayEmail(kind: string, email: string, now: Date): Promise<{ allowed: boolean; waitMs: number }> {
    const counted = await this.hit(`email-${kind}:${email}`, HOUR_MS, now);
    return { allowed: counted.count <= this.policy.accountEmailsPerHour, waitMs: counted.windowEndsAt.getTime() - now.getTime() };
  }

  /**
   * One more failure of `key`, refused (429) while its wait since the last is not over. A
   * compare-and-set on the count read, so two processes never both take the same turn.
   */
  private async countFailure(key: string, now: Date): Promise<void> {
    for (let tries = 0; tries < 5; tries += 1) {
      const stored = await this.db.authLimits.findById(key).lean();
      const live = stored && stored.expiresAt > now ? stored : null;
      if (live?.nextAt && live.nextAt > now) throw tooManySignIns(live.nextAt.getTime() - now.getTime());
      const failures = (live?.failures ?? 0) + 1;
      const next = {
        failures,
        nextAt: new Date(now.getTime() + delayAfter(failures, this.policy)),
        expiresAt: new Date(now.getTime() + FAILURES_KEPT_MS),
      };
      if (!stored) {
        try {
          await this.db.authLimits.create({ _id: key, ...next });
          return;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          continue; // another attempt made it first: read again
        }
      }
      const { modifiedCount } = await this.db.authLimits.updateOne(
        { _id: key, failures: stored.failures, nextAt: stored.nextAt, expiresAt: stored.expiresAt },
        { $set: next },
      );
      if (modifiedCount === 1) return;
    }
    throw tooManySignIns(1000); // contended by many attempts at once: one of them goes on
  }

  /** One more in `key`'s fixed window (a new window when the last one ended): the count and when the window ends. */
  private async hit(key: string, windowMs: number, now: Date): Promise<{ count: number; windowEndsAt: Date }> {
    for (let tries = 0; tries < 5; tries += 1) {
      const within = await this.db.authLimits
        .findOneAndUpdate({ _id: key, windowEndsAt: { $gt: now } }, { $inc: { count: 1 } }, { returnDocument: 'after' })
        .lean();
      if (within?.windowEndsAt) return { count: within.count, windowEndsAt: within.windowEndsAt };
      const fresh = { count: 1, windowEndsAt: new Date(now.getTime() + windowMs), expiresAt: new Date(now.getTime() + windowMs) };
      const renewed = await this.db.authLimits.updateOne({ _id: key, windowEndsAt: { $lte: now } }, { $set: fresh });
      if (renewed.modifiedCount === 1) return fresh;
      try {
        await this.db.authLimits.create({ _id: key, ...fresh });
        return fresh;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error; // made meanwhile by another attempt: count in it
      }
    }
    throw new Error(`the limit ${key} could not be counted`);
  }

  /** Takes back one of `key`'s count (an attempt refused, or one that succeeded). */
  private async unhit(key: string): Promise<void> {
    await this.db.authLimits.updateOne({ _id: key, count: { $gt: 0 } }, { $inc: { count: -1 } });
  }
}

/** The public routes' per-address limiter (core/http/client-limit.ts), counted in `db` beside the sign-in limits. */
export function publicRouteLimiter(db: Pick<AuthModels, 'authLimits'>): ClientLimiter {
  const limits = new LoginLimits(undefined, db);
  return (scope, address, perMinute, now) => limits.publicRequest(scope, address, perMinute, now);
}
