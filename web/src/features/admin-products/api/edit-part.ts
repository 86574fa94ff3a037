import { apiPaths, type PartEdit, type UpdateResult } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface EditPartRequest {
  partId: string;
  /** Only the fields that changed; the price in cents. */
  edit: PartEdit;
}

/** PATCH /parts/{id} (admin). Orders already placed keep the price they were placed at. */
export const editPart = ({ partId, edit }: EditPartRequest) =>
  api.patch<UpdateResult>(apiPaths.part(partId), edit);

export const useEditPart = () =>
  useApiMutation(
    editPart,
    (queryClient, _result, { partId }) =>
      invalidate(queryClient, queryKeys.parts.all(), queryKeys.parts.one(partId)),
    // A refused minimum order shows on its field; any other refusal as a toast (the dialog's).
    { meta: { errorToast: false } },
  );
