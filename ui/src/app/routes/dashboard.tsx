import { PageHeader } from '../../components/layout/page-header.tsx';

/** /dashboard: Learning Dashboard (spec section 2). Being built. */
export function DashboardRoute() {
  return <PageHeader title="Learning Dashboard" subtitle="" />;
}
