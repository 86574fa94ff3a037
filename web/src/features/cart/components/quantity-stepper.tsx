import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { AddIcon } from '../../../components/icons/add.js';
import { RemoveIcon } from '../../../components/icons/remove.js';

/**
 * − [n] + for a cart line. The buttons change it by one; a typed number counts once the field is
 * left or Enter is pressed. It never goes below 1: removing a line is its own button.
 */
export function QuantityStepper({
  value,
  label,
  disabled,
  onChange,
}: {
  value: number;
  /** What is counted, for screen readers ("Quantity of Velotrack CX12 Chain"). */
  label: string;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  // What is being typed, until it is committed; null shows the line's quantity.
  const [typed, setTyped] = useState<string | null>(null);

  const commit = () => {
    if (typed === null) return;
    const quantity = Number(typed);
    setTyped(null);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity !== value) onChange(quantity);
  };

  return (
    <Stack
      direction="row"
      sx={{
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 999,
        width: 'fit-content',
      }}
    >
      <IconButton
        size="small"
        aria-label={`One less: ${label}`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(value - 1)}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <InputBase
        value={typed ?? String(value)}
        onChange={(event) => setTyped(event.target.value.replace(/\D/g, ''))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        disabled={disabled}
        inputProps={{
          'aria-label': label,
          inputMode: 'numeric',
          style: { textAlign: 'center', width: '3.5ch', padding: 0 },
        }}
      />
      <IconButton
        size="small"
        aria-label={`One more: ${label}`}
        disabled={disabled}
        onClick={() => onChange(value + 1)}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
