import { httpErrorCode } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/common';

// Codes that say the site cannot be researched as given; retrying will not change that.
const REASONS: Record<string, string> = {
  BLOCKED_ADDRESS: 'its address is internal or private, which Meetflow does not contact',
  INVALID_URL: 'it is not an http(s) URL',
  TOO_MANY_REDIRECTS: 'it redirects too many times',
  UNSUPPORTED_CONTENT: 'its home page is not HTML',
  TOO_LARGE: 'its home page is larger than the size limit',
  ROBOTS_DISALLOWED: 'its robots.txt does not allow MeetflowBot to read it',
};

const unreachable = (website: string, reason: string) =>
  ApplicationFailure.create({
    type: 'SiteUnreachable',
    nonRetryable: true,
    message: `Cannot research ${website}: ${reason}.`,
  });

/**
 * The error for a home page request that failed: a timeout or a connection failure is
 * transient (a plain Error, so Temporal retries); anything else is a non-retryable
 * SiteUnreachable, including a name that does not resolve and an address no route reaches.
 */
export function homeRequestFailure(website: string, error: unknown): Error {
  const code = httpErrorCode(error);
  const systemCode = (error as { systemCode?: string } | null)?.systemCode;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'NETWORK' && systemCode === 'ENOTFOUND') return unreachable(website, 'its domain name does not resolve');
  // No route from this server to the address's network at all (an unrouted range): seconds of retries do not make one.
  if (code === 'NETWORK' && systemCode === 'ENETUNREACH') return unreachable(website, 'no network route reaches its address');
  if (code === 'TIMEOUT' || code === 'NETWORK' || code === undefined)
    return new Error(`Cannot reach ${website} right now (${detail}); will retry.`);
  return unreachable(website, REASONS[code] ?? detail);
}

/** The error for a home page that answered with an error status: 5xx, 408 and 429 are transient. */
export function homeStatusFailure(website: string, status: number): Error {
  if (status >= 500 || status === 408 || status === 429) return new Error(`${website} answered HTTP ${status}; will retry.`);
  return unreachable(website, `its home page answered HTTP ${status}`);
}

/** The error for a home page robots.txt disallows. */
export function homeDisallowed(website: string): Error {
  return unreachable(website, REASONS.ROBOTS_DISALLOWED ?? 'robots.txt disallows it');
}
