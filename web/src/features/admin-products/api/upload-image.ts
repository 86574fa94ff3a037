import { apiPaths, type ImageUploadResult } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /parts/images (admin): the file's own bytes; the server tells the type by them. */
export const uploadImage = (file: File) => api.post<ImageUploadResult>(apiPaths.partImages(), file);

/** The image field shows a refusal (415, 413) under itself, not as a toast. */
export const useUploadImage = () =>
  useMutation({ mutationFn: uploadImage, meta: { errorToast: false } });
