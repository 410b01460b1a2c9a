import { formatSoon } from '../../../utils/format.ts';
import type { NextUpItem } from '../api/next-up-api.ts';
import type { SendingMode } from '../api/sending-api.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** When it comes up: "Due now", or the moment ("Tue 8:00 AM" within the week, else "Apr 18, 8:00 AM"). */
export function nextUpWhen(item: Pick<NextUpItem, 'at'>, now?: Date): string {
  return item.at === null ? 'Due now' : formatSoon(item.at, now);
}

/**
 * What happens then and why it waits until then, e.g. "Written then; it waits for your review
 * here. Waiting for its day in the cadence, counted from email 1." A written email is ready and
 * goes out then; a step not written yet is written then, and in review mode waits for a person.
 */
export function nextUpWhat(item: Pick<NextUpItem, 'stage' | 'reason'>, mode: SendingMode | undefined): string {
  const then =
    item.stage === 'send'
      ? 'Ready to send.'
      : mode === 'review'
        ? 'Written then; it waits for your review here.'
        : mode === 'autonomous'
          ? 'Written then, and sent within the sending guardrails.'
          : 'Written then.';
  return `${then} ${capitalised(item.reason)}${/[.!?]$/.test(item.reason) ? '' : '.'}`;
}
