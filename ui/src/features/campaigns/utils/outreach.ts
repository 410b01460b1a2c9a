import type { Template } from '../api/outreach-api.ts';

/** "n% response" from what the template measured, or a dash before any send (spec section 2's grid). */
export function responseLabel(template: Pick<Template, 'measured'>): string {
  return template.measured.responseRate === null ? '—' : `${Math.round(template.measured.responseRate * 100)}% response`;
}

/** The campaign status badge's style. */
export const STATUS_BADGE = { active: 'badge-success', paused: 'badge-warning', draft: 'badge-ghost', completed: 'badge-info' } as const;

/** The prospect-list query for the New Campaign filters (only what is set). */
export function campaignFilterQuery(filters: { minScore: string; industry: string; source: string }): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) query.set(name, value.trim());
  return query.toString();
}
