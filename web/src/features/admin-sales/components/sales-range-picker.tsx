import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { isDay, SALES_RANGES } from '@sprocket/contract';
import { useState, type FormEvent } from 'react';
import type { SalesRange } from '../api/get-sales.js';

/** On the page's tinted background the unselected buttons keep the text's full contrast. */
export const toggleSx = {
  flexWrap: 'wrap',
  bgcolor: 'background.paper',
  alignSelf: 'flex-start',
  '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' },
} as const;

/** The range's key: one of SALES_RANGES, or `custom`. */
export const rangeKey = (range: SalesRange): string =>
  'days' in range
    ? (SALES_RANGES.find((one) => one.days === range.days)?.key ?? 'custom')
    : 'custom';

/** Today, 7 days, 30 days, or the days an admin types (shop days, both counted). */
export function SalesRangePicker({
  range,
  onChange,
}: {
  range: SalesRange;
  onChange: (range: SalesRange) => void;
}) {
  const [custom, setCustom] = useState(rangeKey(range) === 'custom');
  const [from, setFrom] = useState('from' in range ? range.from : '');
  const [to, setTo] = useState('to' in range ? range.to : '');
  const valid = isDay(from) && isDay(to) && from <= to;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onChange({ from, to });
  };
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        aria-label="Range"
        value={custom ? 'custom' : rangeKey(range)}
        onChange={(_, key: string | null) => {
          if (key === null) return;
          setCustom(key === 'custom');
          const preset = SALES_RANGES.find((one) => one.key === key);
          if (preset) onChange({ days: preset.days });
        }}
        sx={toggleSx}
      >
        {SALES_RANGES.map((preset) => (
          <ToggleButton key={preset.key} value={preset.key}>
            {preset.label}
          </ToggleButton>
        ))}
        <ToggleButton value="custom">Custom</ToggleButton>
      </ToggleButtonGroup>
      {custom && (
        <Stack
          component="form"
          onSubmit={apply}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          aria-label="Custom range"
        >
          <TextField
            label="From"
            type="date"
            size="small"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="contained" disabled={!valid}>
            Show
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
