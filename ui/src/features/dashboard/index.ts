// What other screens use of the Learning Dashboard: the experiments panel (Outreach Management shows it too).
export { ExperimentsPanel } from './components/experiments-panel.tsx';
export { experimentsSummaryQueryOptions } from './api/experiments-api.ts';
