import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  carrierKey,
  KNOWN_CARRIERS,
  TRACKING_NUMBER_PLACEHOLDER,
  trackingCarrierSchema,
  type TrackingCarrier,
} from '@sprocket/contract';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import type { DataColumn } from '../../../components/data/data-table.js';
import { ListAddBar, ListTable, removeColumn } from '../../../components/data/list-table.js';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useSetTrackingCarriers } from '../api/set-tracking-carriers.js';

const EMPTY: TrackingCarrier = { name: '', urlTemplate: '' };

const KNOWN_NAMES = KNOWN_CARRIERS.map((carrier) => carrier.name).join(', ');

function AddCarrierDialog({
  carriers,
  onClose,
}: {
  carriers: TrackingCarrier[];
  onClose: () => void;
}) {
  const save = useSetTrackingCarriers();
  // The API's own rules for one carrier, and a name the list does not have yet.
  const schema = useMemo(
    () =>
      trackingCarrierSchema.test('new-name', (carrier, context) => {
        const name = carrier.name ?? '';
        return carriers.some((kept) => carrierKey(kept.name) === carrierKey(name))
          ? context.createError({
              path: 'name',
              message: `There is a carrier ${name.trim()} already`,
            })
          : true;
      }),
    [carriers],
  );
  return (
    <FormDialog<TrackingCarrier>
      title="Add a carrier"
      formLabel="Add a carrier"
      submitLabel="Add carrier"
      schema={schema}
      initialValues={EMPTY}
      savedMessage={(values) => `Added ${values.name.trim()}`}
      save={(values) =>
        save.mutateAsync([
          ...carriers,
          { name: values.name.trim(), urlTemplate: values.urlTemplate.trim() },
        ])
      }
      onClose={onClose}
    >
      <FormTextField
        name="name"
        label="Name"
        required
        autoFocus
        helperText="As the Ship dialog offers it: GLS, PostNL"
      />
      <FormTextField
        name="urlTemplate"
        label="Tracking address"
        required
        placeholder={`https://carrier.example/track/${TRACKING_NUMBER_PLACEHOLDER}`}
        helperText={`The carrier's tracking page, with ${TRACKING_NUMBER_PLACEHOLDER} where the number goes`}
      />
    </FormDialog>
  );
}

type Row = TrackingCarrier & { _id: string };

/**
 * Tracking addresses (issue 37 item 1): the carriers the shop added, each with the page its
 * parcels are tracked at, which "Track parcel" opens; Add carrier and Remove, each saved at once.
 * The common carriers' addresses are built in, and said so above the list.
 */
export function TrackingCarriersTable({ carriers }: { carriers: TrackingCarrier[] }) {
  const save = useSetTrackingCarriers();
  const { enqueueSnackbar } = useSnackbar();
  const [adding, setAdding] = useState(false);
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: 'Carrier',
      cell: (row) => <Typography sx={{ fontWeight: 700 }}>{row.name}</Typography>,
      phone: 'title',
    },
    {
      id: 'urlTemplate',
      header: 'Tracking address',
      cell: (row) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
          {row.urlTemplate}
        </Typography>
      ),
    },
    removeColumn<Row>({
      label: 'Remove',
      name: (row) => `Remove ${row.name}`,
      disabled: save.isPending,
      onRemove: (row) =>
        save.mutate(
          carriers.filter((carrier) => carrier.name !== row.name),
          { onSuccess: () => enqueueSnackbar(`Removed ${row.name}`, { variant: 'success' }) },
        ),
    }),
  ];
  return (
    <Stack spacing={2}>
      <ListAddBar label="Add carrier" onAdd={() => setAdding(true)}>
        <Typography variant="body2" color="textSecondary">
          Built in: {KNOWN_NAMES}.
        </Typography>
      </ListAddBar>
      <ListTable
        label="Tracking addresses"
        empty="No carriers of your own: parcels of other carriers ship without a Track parcel link."
        rows={carriers.map((carrier) => ({ ...carrier, _id: carrier.name }))}
        columns={columns}
      />
      {adding && <AddCarrierDialog carriers={carriers} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
