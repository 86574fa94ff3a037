import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import { PageText } from '../../../components/data/page-text.js';
import { useLoaded } from '../../../lib/use-loaded.js';

const loadRenderer = () =>
  import('@sprocket/contract/page-markdown').then(({ renderPageMarkdown }) => renderPageMarkdown);

/**
 * The page as the shop will show it, as the owner types: the same renderer the API answers with
 * (contract/src/pages/page-markdown.ts), loaded with the editor only, so the storefront's scripts
 * never carry it. Rendered a moment behind the typing, which stays quick on a long text.
 */
export function MarkdownPreview({ title, markdown }: { title: string; markdown: string }) {
  const render = useLoaded(loadRenderer);
  const shown = useDeferredValue(markdown);
  return (
    <Box
      component="section"
      aria-label="Preview"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        minHeight: 200,
      }}
    >
      <Typography variant="overline" component="p" color="textSecondary">
        Preview
      </Typography>
      <Typography variant="h4" component="p" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title.trim() || 'Untitled page'}
      </Typography>
      {render ? (
        <PageText html={render(shown)} />
      ) : (
        <Typography color="textSecondary">Loading the preview…</Typography>
      )}
    </Box>
  );
}
