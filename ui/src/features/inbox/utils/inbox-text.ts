import { formatPercent } from '../../../utils/format.ts';
import type { InboxItem } from '../api/inbox-api.ts';

/** Each category engagement analysis gives a reply, as the Inbox names it, with its badge's style. */
export const CATEGORY_BADGES: Record<string, { label: string; className: string }> = {
  interested: { label: 'Interested', className: 'badge-success' },
  'not-now': { label: 'Not now', className: 'badge-warning' },
  objection: { label: 'Objection', className: 'badge-warning' },
  referral: { label: 'Referral', className: 'badge-info' },
  'out-of-office': { label: 'Out of office', className: 'badge-ghost' },
  unsubscribe: { label: 'Unsubscribe', className: 'badge-error' },
  bounce: { label: 'Bounce', className: 'badge-error' },
};

/** The categories to filter by, in the order people look for them. */
export const CATEGORY_FILTERS = Object.entries(CATEGORY_BADGES).map(([value, { label }]) => ({ value, label }));

export const categoryBadge = (category: string) => CATEGORY_BADGES[category] ?? { label: category, className: 'badge-ghost' };

/** What was done about a reply, in words. */
export const RESOLUTION_TEXT: Record<NonNullable<InboxItem['resolution']>, string> = {
  booked: 'Meeting booked',
  replied: 'Answered',
  'not-interested': 'Not interested',
  suppressed: 'Suppressed',
  archived: 'Archived',
};

/** "Interested, 86% sure": the category and how sure engagement analysis is. */
export const classificationText = (item: Pick<InboxItem, 'category' | 'confidence'>) =>
  `${categoryBadge(item.category).label}, ${formatPercent(item.confidence)} sure`;

/** What happened to the sequence because of the reply. */
export const ACTION_TEXT: Record<InboxItem['action'], string> = {
  stop: 'Sequence stopped',
  pause: 'Sequence paused',
  continue: 'Sequence continues',
};
