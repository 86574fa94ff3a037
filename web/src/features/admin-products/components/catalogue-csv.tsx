import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  FieldChange,
  ImportedField,
  PartsImportSummary,
  SizeChange,
  SizeField,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { formatPrice } from '../../../lib/money.js';
import { visuallyHidden } from '../../../lib/visually-hidden.js';
import { useExportPartsCsv } from '../api/export-parts-csv.js';
import { useImportParts } from '../api/import-parts.js';

const FIELD_LABELS: Record<ImportedField, string> = {
  productName: 'name',
  category: 'category',
  price: 'price',
  quantity: 'stock',
  order: 'min order',
  img: 'image',
  description: 'description',
  brand: 'brand',
  gtin: 'GTIN',
  mpn: 'MPN',
  weight: 'weight (g)',
  compareAtPrice: 'compare-at price',
  specs: 'specifications',
  pictures: 'pictures',
  options: 'options',
};

const SIZE_LABELS: Record<SizeField, string> = {
  options: 'options',
  price: 'price',
  quantity: 'stock',
  specs: 'specifications',
  gtin: 'GTIN',
  mpn: 'MPN',
  weight: 'weight (g)',
  compareAtPrice: 'compare-at price',
};

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const changeText = (field: ImportedField, { from, to }: FieldChange) => {
  const shown = (value: string | number) =>
    (field === 'price' || field === 'compareAtPrice') && typeof value === 'number'
      ? formatPrice(value)
      : String(value) || 'none';
  // Long texts and lists are named, not quoted.
  if (field === 'description' || field === 'pictures') return FIELD_LABELS[field];
  return `${FIELD_LABELS[field]} ${shown(from)} → ${shown(to)}`;
};

/** A size's change as a line says it: a size row's cells are as the file writes them. */
const sizeText = (size: SizeChange) => {
  if (size.change !== 'changed') return `size ${size.sku} ${size.change}`;
  const fields = (Object.entries(size.fields) as [SizeField, FieldChange][]).map(
    ([field, { from, to }]) => `${SIZE_LABELS[field]} ${from || 'none'} → ${to || 'none'}`,
  );
  return `size ${size.sku} ${fields.join(', ')}`;
};

/** What the dry run found, or why the file was refused. */
function ImportReport({ summary, error }: { summary?: PartsImportSummary; error?: unknown }) {
  if (error) {
    const rows = error instanceof ApiError ? (error.rows ?? []) : [];
    const message = error instanceof Error ? error.message : 'The file could not be checked';
    return (
      <>
        <Alert severity="error" sx={{ mb: rows.length > 0 ? 2 : 0 }}>
          {message}
        </Alert>
        {rows.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Errors in the file">
            {rows.map(({ row, column, message: text }) => (
              <li key={`${row} ${column ?? ''} ${text}`}>
                Row {row}
                {column ? `, ${column}` : ''}: {text}
              </li>
            ))}
          </Box>
        )}
      </>
    );
  }
  if (!summary) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <span>Checking the file…</span>
      </Stack>
    );
  }
  const { added, updated, unchanged } = summary;
  return (
    <>
      <Typography role="status" sx={{ mb: 1.5 }}>
        {added.length + updated.length === 0
          ? `Nothing to change: ${plural(unchanged, 'row matches its part', 'rows match their parts')}.`
          : `${plural(added.length, 'new part')}, ${plural(updated.length, 'changed part')}, ${unchanged} unchanged.`}
      </Typography>
      {(added.length > 0 || updated.length > 0) && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="What the import does">
          {added.map((part) => (
            <li key={`add ${part.row}`}>
              New: {part.productName} (row {part.row})
            </li>
          ))}
          {updated.map((part) => (
            <li key={`update ${part.row}`}>
              {part.productName}:{' '}
              {[
                ...(Object.entries(part.changes) as [ImportedField, FieldChange][]).map(
                  ([field, change]) => changeText(field, change),
                ),
                ...(part.sizes?.some((size) => size.change === 'moved')
                  ? ['sizes in a new order']
                  : (part.sizes ?? []).map(sizeText)),
              ].join(', ')}
            </li>
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * Manage Products' "Export CSV" and "Import CSV" (issue 23 item 7): the export downloads every
 * part; a chosen file is checked first (a dry run), its changes or errors shown in a dialog, and
 * written only on "Import".
 */
export function CatalogueCsv() {
  const { enqueueSnackbar } = useSnackbar();
  const exportCsv = useExportPartsCsv();
  const importCsv = useImportParts();
  const titleId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<PartsImportSummary>();
  const [error, setError] = useState<unknown>();
  const [applying, setApplying] = useState(false);

  const download = async () => {
    let blob: Blob;
    try {
      blob = await exportCsv.mutateAsync();
    } catch {
      return; // the mutation cache shows the API's message
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `sprocket-parts-${new Date().toISOString().slice(0, 10)}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Choosing the same file again, once edited, checks it again.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setSummary(undefined);
    setError(undefined);
    try {
      setSummary(await importCsv.mutateAsync({ file: chosen, dryRun: true }));
    } catch (refused) {
      setError(refused);
    }
  };

  const close = () => setFile(null);

  const apply = async () => {
    if (!file) return;
    setApplying(true);
    try {
      const done = await importCsv.mutateAsync({ file, dryRun: false });
      enqueueSnackbar(
        `Imported: ${plural(done.added.length, 'part')} added, ${done.updated.length} updated`,
        { variant: 'success' },
      );
      close();
    } catch (refused) {
      setSummary(undefined);
      setError(refused);
    } finally {
      setApplying(false);
    }
  };

  const changes = summary ? summary.added.length + summary.updated.length : 0;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
      <Button variant="outlined" onClick={() => void download()} loading={exportCsv.isPending}>
        Export CSV
      </Button>
      <Button variant="outlined" onClick={() => picker.current?.click()}>
        Import CSV
      </Button>
      {/* The button opens the picker; the input itself takes no focus of its own. */}
      <input
        ref={picker}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file to import"
        tabIndex={-1}
        onChange={(event) => void choose(event)}
        style={visuallyHidden}
      />
      <Dialog
        open={file !== null}
        onClose={applying ? undefined : close}
        aria-labelledby={titleId}
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id={titleId}>Import {file?.name}</DialogTitle>
        <DialogContent>
          <ImportReport summary={summary} error={error} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={applying} color="inherit">
            Cancel
          </Button>
          <Button
            onClick={() => void apply()}
            loading={applying}
            disabled={changes === 0}
            variant="contained"
          >
            Import
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
