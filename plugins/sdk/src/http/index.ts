// The platform's guarded outbound HTTP client and the robots.txt check built on it.
export { createGuardedHttpClient, DEFAULT_USER_AGENT, type GuardedHttpOptions } from './client.ts';
export { GuardedHttpError, httpErrorCode } from './errors.ts';
export { allowHostSet, blockedRange, isAllowedHostPort } from './address-policy.ts';
export { resolveHostChecked, type PinnedAddress } from './resolve.ts';
export { robotsAllows } from './robots.ts';
export { isAllowedByRobots, parseRobots, productToken, type RobotsGroup, type RobotsRule } from './robots-rules.ts';
