// What the ICP Builder offers other features: the workspace's ICP and its shapes.
export { workspaceIcpQueryOptions } from './api/get-workspace-icp.ts';
export type { IcpAnalysis, IcpCriteria, IcpSlice } from './api/types.ts';
