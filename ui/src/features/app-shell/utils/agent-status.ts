import type { AgentStatus } from '../api/get-agents-status.ts';

/** An agent id as the sidebar shows it: hyphens as spaces (spec section 2). */
export function agentLabel(agentName: string): string {
  return agentName.replaceAll('-', ' ');
}

/** The dot of each status (spec section 4): its own colour, and a pulse while analyzing. */
export const STATUS_DOT: Record<AgentStatus['status'], string> = {
  active: 'bg-success',
  learning: 'bg-info',
  analyzing: 'bg-warning animate-pulse',
  idle: 'bg-base-content/30',
};
