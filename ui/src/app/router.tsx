import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { HomeRoute } from './routes/home.tsx';
import { IcpBuilderRoute } from './routes/icp-builder.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { PipelinesRoute } from './routes/pipelines.tsx';
import { PluginsRoute } from './routes/plugins.tsx';
import { ProspectDiscoveryRoute } from './routes/prospect-discovery.tsx';

// React Flow and dagre are most of the bundle; only the run page needs them.
const PipelineRunRoute = lazy(() =>
  import('./routes/pipeline-run.tsx').then((module) => ({ default: module.PipelineRunRoute })));

// Spec section 2 lists the routes; each screen is added here with its own issue. App pages
// share the sidebar layout; their sidebar entries live in config/nav.ts.
export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute /> },
  {
    element: <AppLayout />,
    children: [
      { path: '/icp-builder', element: <IcpBuilderRoute /> },
      { path: '/prospect-discovery', element: <ProspectDiscoveryRoute /> },
      { path: '/pipelines', element: <PipelinesRoute /> },
      { path: '/pipelines/runs/:runId', element: <PipelineRunRoute /> },
      { path: '/plugins', element: <PluginsRoute /> },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
]);
