import { apiPaths } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** GET /admin/parts.csv (admin): every part as a CSV file, to open in a spreadsheet. */
export const exportPartsCsv = () => api.file(apiPaths.partsCsv());

/** Asked for on a click, like a change: a refusal is the mutation cache's toast. */
export const useExportPartsCsv = () => useMutation({ mutationFn: exportPartsCsv });
