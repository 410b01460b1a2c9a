import type { LearningStatus } from '../api/types.ts';

/** The share (0–100, whole) of the minimum sample the scored leads gathered since the last cycle fill, capped at 100. */
export function sampleProgress(status: Pick<LearningStatus, 'pendingScoredLeads' | 'minSampleSize'>): number {
  if (status.minSampleSize <= 0) return 100;
  return Math.min(100, Math.floor((100 * status.pendingScoredLeads) / status.minSampleSize));
}

/** "in 2 days", "in 5 hours", "in 12 minutes", or "now" — how far away an instant is. */
export function timeUntil(iso: string, now: Date): string {
  const minutes = Math.round((Date.parse(iso) - now.getTime()) / 60_000);
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  return `in ${Math.round(hours / 24)} days`;
}

/** "5 minutes ago", "3 hours ago", "2 days ago", "just now". */
export function timeAgo(iso: string, now: Date): string {
  const minutes = Math.round((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.round(hours / 24)} days ago`;
}
