import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { FormEvent, ReactNode } from 'react';
import { paths } from '../../config/paths.js';

/** The search field's name: All Parts reads its search from `?q=` (catalogueSearch). */
export const PARTS_SEARCH_FIELD = 'q';

/**
 * A search of the catalogue as a real `GET /parts?q=` form (docs/decisions/040, 057): sent
 * before the page is hydrated, or without JavaScript, the browser goes to All Parts itself, which
 * the server renders; once hydrated, `onSearch` gets the words trimmed and the form to reset.
 * `children` are its field (named PARTS_SEARCH_FIELD) and its button.
 */
export function PartsSearchForm({
  onSearch,
  sx,
  children,
}: {
  onSearch: (words: string, form: HTMLFormElement) => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = new FormData(event.currentTarget).get(PARTS_SEARCH_FIELD);
    onSearch(typeof words === 'string' ? words.trim() : '', event.currentTarget);
  };
  return (
    <Box
      component="form"
      role="search"
      noValidate
      action={paths.parts.getHref()}
      method="get"
      onSubmit={submit}
      sx={sx}
    >
      {children}
    </Box>
  );
}
