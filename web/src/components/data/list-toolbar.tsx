import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../icons/search.js';

/** How long typing pauses before the search is asked for, so one word is one request. */
export const SEARCH_DELAY_MS = 300;

export interface ListFilter {
  label: string;
  /** The choice that filters nothing ("All statuses"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/** A filter's choices: each value with its label from the contract's table of labels. */
export const filterOptions = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * Above an admin table: a search box (asked for once typing pauses) and a filter. The box keeps
 * what is typed; `search` is what the table shows now (from the URL), and a new one (the back
 * button) replaces the text. One the box asked for does not: on a slow phone the URL catches up
 * after more letters were typed, and they stay.
 */
export function ListToolbar({
  searchLabel,
  search,
  onSearch,
  filter,
}: {
  searchLabel: string;
  search: string;
  onSearch: (q: string) => void;
  filter?: ListFilter;
}) {
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  // What this box last asked for: when the URL catches up with it, letters typed meanwhile stay.
  const [asked, setAsked] = useState<string | undefined>(undefined);
  if (search !== shown) {
    setShown(search);
    if (search !== asked) setText(search);
  }

  // The latest callback, so that a re-render of the table does not restart the pause.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  useEffect(() => {
    if (text === shown) return;
    const timer = setTimeout(() => {
      setAsked(text);
      onSearchRef.current(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, shown]);

  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        // One column on phones; beside each other from tablets up.
        gridTemplateColumns: {
          xs: '1fr',
          sm: filter ? 'minmax(0, 420px) 220px' : 'minmax(0, 420px)',
        },
      }}
    >
      <TextField
        type="search"
        size="small"
        label={searchLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {filter && (
        <TextField
          select
          size="small"
          label={filter.label}
          value={filter.value}
          onChange={(event) => filter.onChange(event.target.value)}
          // "All …" is a choice like the others, shown while nothing is filtered.
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{filter.allLabel}</MenuItem>
          {filter.options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
