import { AgentConfiguration } from '../../features/agent-configuration/components/agent-configuration.tsx';

/** /agents: Agent Configuration (spec section 2). */
export function AgentsRoute() {
  return <AgentConfiguration />;
}
