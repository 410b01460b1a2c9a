import { formatDay, formatNumber } from '../../../utils/format.ts';
import type { SendingForecast } from '../api/forecast-api.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "today", "tomorrow", or "on Dec 21, 2026 (in 22 days)": when a finish falls. */
export function whenText(finish: SendingForecast['finish']): string {
  if (finish.lastDay === null || finish.days === null) return 'not within a year';
  if (finish.days === 0) return 'today';
  if (finish.days === 1) return 'tomorrow';
  return `on ${formatDay(finish.lastDay)} (in ${formatNumber(finish.days)} days)`;
}

/**
 * The forecast in sentences: what the mailboxes can send, when the last email goes out, and how to
 * shorten it. `what` names the new emails ("the 59 first emails"); without new emails, the waiting ones.
 */
export function forecastSentences(
  forecast: SendingForecast,
  what: string | null,
): { capacity: string; finish: string; faster: string | null } {
  const boxes = `${formatNumber(forecast.mailboxes)} active mailbox${forecast.mailboxes === 1 ? '' : 'es'}`;
  const warming = forecast.warmingUp > 0 ? `, ${formatNumber(forecast.warmingUp)} still warming up (its cap rises by 2 a day)` : '';
  const capacity =
    forecast.mailboxes === 0
      ? 'No active mailbox: nothing is sent until one is connected.'
      : `${boxes}${warming}: ${formatNumber(forecast.capacityFullDay)} emails a sending day at today's caps, ${formatNumber(forecast.capacityToday)} more today.`;
  const waiting = forecast.waiting > 0 ? ` after the ${formatNumber(forecast.waiting)} already waiting` : '';
  const subject = what ?? (forecast.waiting > 0 ? `The last of the ${formatNumber(forecast.waiting)} waiting emails` : null);
  const never = forecast.mailboxes === 0 ? 'until a mailbox is connected' : 'within a year';
  const finish =
    subject === null
      ? 'Nothing is waiting to be sent.'
      : forecast.finish.lastDay === null
        ? `${capitalised(what ? `${what}${waiting}` : subject)} would not go out ${never}.`
        : `${what ? `The last of ${what}${waiting}` : subject} goes out ${whenText(forecast.finish)}.`;
  const sooner =
    subject !== null &&
    forecast.withAnotherMailbox.days !== null &&
    (forecast.finish.days === null || forecast.withAnotherMailbox.days < forecast.finish.days);
  const faster = sooner ? `Connect another mailbox to finish ${whenText(forecast.withAnotherMailbox)}.` : null;
  return { capacity, finish, faster };
}
