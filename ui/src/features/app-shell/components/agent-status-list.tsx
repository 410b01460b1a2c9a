import { useQuery } from '@tanstack/react-query';
import { agentsStatusQueryOptions } from '../api/get-agents-status.ts';
import { agentLabel, STATUS_DOT } from '../utils/agent-status.ts';

/** The sidebar's "AI Agents Status": every agent with its status (a dot and the word) and what it is doing on hover. */
export function AgentStatusList() {
  const agents = useQuery(agentsStatusQueryOptions());
  return (
    <section aria-labelledby="agents-status-heading" className="px-5 py-4">
      <h2 id="agents-status-heading" className="mb-2 text-xs font-semibold tracking-wide text-base-content/60 uppercase">
        AI Agents Status
      </h2>
      {agents.isPending && <span className="loading loading-dots loading-sm" aria-label="Loading agent status" />}
      {agents.isError && <p className="text-xs text-error">Agent status unavailable ({agents.error.message})</p>}
      <ul className="flex flex-col gap-1.5" data-testid="agent-status-list">
        {agents.data?.map((agent) => (
          <li
            key={agent.agentName}
            className="tooltip tooltip-right max-w-full"
            data-tip={agent.activity}
            data-testid={`agent-status-${agent.agentName}`}
            data-status={agent.status}
          >
            {/* The name and status wrap under each other rather than run past the sidebar's edge (a phone's menu is narrow). */}
            <span className="flex items-start gap-2 text-left text-sm">
              <span className={`mt-[5px] inline-block size-2.5 shrink-0 rounded-full ${STATUS_DOT[agent.status]}`} aria-hidden="true" />
              <span className="min-w-0 wrap-anywhere" data-testid="agent-name">
                {agentLabel(agent.agentName)}
                {/* The status in words too: the dot's colour alone says nothing to many (WCAG 1.4.1). */}
                <span className="sr-only">:</span>{' '}
                <span className="text-xs whitespace-nowrap text-base-content/80" data-testid="agent-status-word">
                  {agent.status}
                </span>
                <span className="sr-only">. {agent.activity}</span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
