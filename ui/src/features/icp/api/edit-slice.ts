import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PatchApiIcpSlicesIndexBody, PatchApiIcpSlicesIndexResponse } from '../../../lib/api-types.generated.ts';
import { icpKeys } from './get-workspace-icp.ts';

/** The criteria a person may change on a slice before discovery. */
export type SliceEdit = PatchApiIcpSlicesIndexBody;

/** PATCH /api/icp/slices/{index} (sales ops and above); the stored ICP on screen becomes the answer. */
export function useEditSlice(index: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: SliceEdit) =>
      apiRequest<PatchApiIcpSlicesIndexResponse>(`/api/icp/slices/${index}`, { method: 'PATCH', body: edit }),
    onSuccess: (icp) => queryClient.setQueryData(icpKeys.workspace(), icp),
  });
}
