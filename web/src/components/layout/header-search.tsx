import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import { catalogueSearch } from '@sprocket/contract';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';
import { PARTS_SEARCH_FIELD, PartsSearchForm } from '../form/parts-search-form.js';
import { useSearchCombobox } from '../form/search-combobox.js';
import { SearchIcon } from '../icons/search.js';

/**
 * The header's search box (docs/product.md §2.2): the words go to All Parts as `?q=`, where the
 * catalogue's forgiving search finds them (docs/decisions/057). It is a real GET form to /parts,
 * so it works before the page is hydrated and without JavaScript; with it, the router navigates.
 * `layout`: "bar" beside the navigation on wide screens, "row" full width in the row that the
 * bar's search button opens on narrower ones. `onSearch` runs once the search is sent or a
 * suggested part is opened (the row closes). Suggestions appear while typing (useSearchCombobox,
 * docs/decisions/095).
 */
export function HeaderSearch({
  layout,
  autoFocus = false,
  onSearch,
}: {
  layout: 'bar' | 'row';
  /** Takes the focus when it appears (opened by the search button). */
  autoFocus?: boolean;
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const inputId = useId();
  const combobox = useSearchCombobox({
    onPart: onSearch,
    align: layout === 'bar' ? 'right' : 'left',
  });
  return (
    <PartsSearchForm
      onSearch={(q, form) => {
        form.reset();
        onSearch?.();
        void navigate(paths.parts.getHref(catalogueSearch({ q })));
      }}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        minWidth: 0,
        borderRadius: 2,
        bgcolor: 'rgba(255,255,255,0.12)',
        border: '1px solid rgba(255,255,255,0.28)',
        '&:hover': { bgcolor: 'rgba(255,255,255,0.18)' },
        '&:focus-within': { bgcolor: 'rgba(255,255,255,0.2)', borderColor: 'secondary.light' },
        width: layout === 'bar' ? 300 : '100%',
      }}
    >
      <Box component="label" htmlFor={inputId} sx={visuallyHidden}>
        Search parts
      </Box>
      <InputBase
        id={inputId}
        type="search"
        name={PARTS_SEARCH_FIELD}
        placeholder="Search parts"
        autoFocus={autoFocus}
        inputProps={combobox.inputProps}
        sx={{
          flex: 1,
          minWidth: 0,
          color: 'inherit',
          pl: 1.5,
          '& input': { py: 1, minHeight: 26 },
          '& input::placeholder': { color: 'inherit', opacity: 0.85 },
          // The browser's own clear button is drawn for a light field; Escape still clears.
          '& input::-webkit-search-cancel-button': { WebkitAppearance: 'none' },
        }}
      />
      <IconButton type="submit" color="inherit" aria-label="Search" sx={{ width: 44, height: 44 }}>
        <SearchIcon />
      </IconButton>
      {combobox.popup}
    </PartsSearchForm>
  );
}
