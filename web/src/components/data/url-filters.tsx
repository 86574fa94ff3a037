import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useSearchWriter } from './search-writes.js';

/**
 * Filters of an admin list kept in the page's URL beside its search, filter and page
 * (use-list-params.ts): each named value, and a change that goes back to page 1.
 */
export function useUrlFilters<K extends string>(names: readonly K[]) {
  const { searchParams, write } = useSearchWriter();
  const values = Object.fromEntries(
    names.map((name) => [name, searchParams.get(name) ?? '']),
  ) as Record<K, string>;
  const set = (changes: Partial<Record<K, string>>) =>
    write((next) => {
      for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
    });
  return { values, set, on: names.some((name) => values[name] !== '') };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day as the URL may hold it; anything else reads as none. */
export const dayOrNothing = (value: string): string | undefined =>
  DAY.test(value) ? value : undefined;

/**
 * The days a list is narrowed to, from and to (inclusive), as the browser's date fields; what
 * else the list narrows by comes in `children`; Clear empties them all.
 */
export function DayRangeFilters({
  from,
  to,
  onChange,
  onClear,
  children,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  onClear?: () => void;
  children?: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        // Two dates a row on phones, everything else below them; one row from desktops up.
        gridTemplateColumns: { xs: '1fr 1fr', md: 'none' },
        gridAutoFlow: { md: 'column' },
        gridAutoColumns: { md: 'max-content' },
      }}
    >
      <TextField
        type="date"
        size="small"
        label="From"
        value={from}
        onChange={(event) => onChange({ from: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
        sx={{ width: { md: 170 } }}
      />
      <TextField
        type="date"
        size="small"
        label="To"
        value={to}
        onChange={(event) => onChange({ to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
        sx={{ width: { md: 170 } }}
      />
      {children}
      {onClear && (
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: 'flex', gap: 1 }}>
          <Button size="small" onClick={onClear}>
            Clear filters
          </Button>
        </Box>
      )}
    </Box>
  );
}

/**
 * A list narrowed to one person's rows by email (All Orders' customer, the audit log's admin):
 * applied when the field is left or Enter is pressed, so a half-typed address asks nothing.
 */
export function EmailFilter({
  label,
  email,
  onChange,
}: {
  label: string;
  email: string;
  onChange: (email: string) => void;
}) {
  const [text, setText] = useState(email);
  const [shown, setShown] = useState(email);
  if (email !== shown) {
    setShown(email);
    setText(email);
  }
  const apply = () => {
    if (text.trim() !== email) onChange(text.trim());
  };
  return (
    <TextField
      type="email"
      size="small"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, width: { md: 260 } }}
    />
  );
}
