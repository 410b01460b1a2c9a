import { WorkflowTest } from '../../features/superagent/components/workflow-test.tsx';

/** /workflow-test: Workflow Test (spec section 2). */
export function WorkflowTestRoute() {
  return <WorkflowTest />;
}
