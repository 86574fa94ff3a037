import { apiPaths, type PartEdit, type UpdateResult } from '@sprocket/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface EditPartRequest {
  partId: string;
  /** Only the fields that changed; the price in cents. */
  edit: PartEdit;
}

/** PATCH /parts/{id} (admin). Orders already placed keep the price they were placed at. */
export const editPart = ({ partId, edit }: EditPartRequest) =>
  api.patch<UpdateResult>(apiPaths.part(partId), edit);

export function useEditPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPart,
    // A refused minimum order shows on its field; any other refusal as a toast (the dialog's).
    meta: { errorToast: false },
    onSuccess: (_result, { partId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.one(partId) }),
      ]),
  });
}
