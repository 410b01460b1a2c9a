import { PageHeader } from '../../components/layout/page-header.tsx';

/** /agents: Agent Configuration (spec section 2). Being built. */
export function AgentsRoute() {
  return <PageHeader title="Agent Configuration" subtitle="" />;
}
