import { apiPaths, type BrandLogo } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** POST /admin/brand/logo: the file's own bytes; the server tells the type by them. */
export const uploadLogo = (file: File) => api.post<BrandLogo>(apiPaths.adminBrandLogo(), file);

/** The logo field shows a refusal (415, 413) under itself, not as a toast. */
export const useUploadLogo = () =>
  useMutation({ mutationFn: uploadLogo, meta: { errorToast: false } });
