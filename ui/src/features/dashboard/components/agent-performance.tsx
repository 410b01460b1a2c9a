import type { AgentPerformanceEntry } from '../api/types.ts';
import { Panel } from './panel.tsx';

const METRICS = ['accuracy', 'precision', 'engagement', 'success'] as const;
const STATUS_BADGE = { active: 'badge-success', learning: 'badge-info', analyzing: 'badge-warning', idle: 'badge-ghost' } as const;

/** "Agent Performance": each agent's status and its measured percentages; a dash where nothing is measured. */
export function AgentPerformance({ agents }: { agents: readonly AgentPerformanceEntry[] }) {
  return (
    <Panel title="Agent Performance">
      <ul className="flex flex-col divide-y divide-base-200">
        {agents.map((agent) => (
          <li key={agent.agentName} className="flex flex-col gap-1 py-2" data-testid={`performance-${agent.agentName}`}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{agent.agentName.replaceAll('-', ' ')}</span>
              <span className={`badge badge-sm ${STATUS_BADGE[agent.status]}`}>{agent.status}</span>
            </div>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/70">
              {METRICS.map((metric) => (
                <div key={metric} className="flex gap-1">
                  <dt>{metric}</dt>
                  <dd
                    className="font-medium tabular-nums text-base-content"
                    title={agent.performance[metric] === null ? 'not measured yet' : undefined}
                  >
                    {agent.performance[metric] === null ? '—' : `${agent.performance[metric]}%`}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
