import { AgentConfiguration } from '../../features/agents/components/agent-configuration.tsx';

/** /agents: Agent Configuration (spec section 2). */
export function AgentsRoute() {
  return <AgentConfiguration />;
}
