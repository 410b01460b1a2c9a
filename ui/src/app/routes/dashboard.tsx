import { LearningDashboard } from '../../features/dashboard/components/learning-dashboard.tsx';

/** /dashboard: the Learning Dashboard (spec section 2). */
export function DashboardRoute() {
  return <LearningDashboard />;
}
