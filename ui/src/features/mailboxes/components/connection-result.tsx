import { formatDate } from '../../../utils/format.ts';
import type { Mailbox } from '../api/mailboxes-api.ts';
import { refusalText } from '../../../lib/api-client.ts';
import { failureText } from '../utils/mailbox-view.ts';

interface ConnectionResultProps {
  lastTest: Mailbox['lastTest'];
  /** While Test connection waits for the server (up to 10 s). */
  testing: boolean;
  /** Why the test itself could not run (the API refused it), as opposed to the server refusing the login. */
  failure: Error | null;
}

// Darker than the theme's success and error colours, which are too light for text on white.
const GOOD = 'text-green-700 dark:text-green-400';
const BAD = 'text-red-700 dark:text-red-400';

/**
 * What the last Test connection found: "Connected" in green, or why not in red (the API's reason
 * and what to check), with when; a spinner while a test runs. Announced to screen readers as it changes.
 */
export function ConnectionResult({ lastTest, testing, failure }: ConnectionResultProps) {
  return (
    <dd aria-live="polite" data-testid="mailbox-test-result">
      {testing ? (
        <span className="flex items-center gap-2 text-base-content/70">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          Testing connection…
        </span>
      ) : failure ? (
        <span className={`${BAD} wrap-anywhere`}>
          <strong>Not tested:</strong> {refusalText(failure)}
        </span>
      ) : lastTest === null ? (
        <span className="text-base-content/70">Not tested yet</span>
      ) : lastTest.ok ? (
        <span>
          <strong className={GOOD}>
            <span aria-hidden="true">✓ </span>Connected
          </strong>
          <span className="text-base-content/70">
            {' '}
            · tested <span className="whitespace-nowrap">{formatDate(lastTest.at, { time: true })}</span>
          </span>
        </span>
      ) : (
        <span className="flex flex-col gap-0.5">
          <span className={`${BAD} wrap-anywhere`}>
            <strong>
              <span aria-hidden="true">✕ </span>Failed:
            </strong>{' '}
            {failureText(lastTest.error ?? 'connection failed')}
          </span>
          <span className="text-base-content/70">Tested {formatDate(lastTest.at, { time: true })}</span>
        </span>
      )}
    </dd>
  );
}
