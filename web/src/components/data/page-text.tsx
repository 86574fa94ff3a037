import Box from '@mui/material/Box';

/**
 * A page's text as the API rendered it from the owner's Markdown: HTML already sanitised on the
 * server (contract/src/pages/page-markdown.ts, no raw HTML, no unsafe address), laid out for
 * reading. The dashboard's preview shows the same, so it is what the shop will show.
 */
export function PageText({ html }: { html: string }) {
  return (
    <Box
      sx={{
        lineHeight: 1.75,
        overflowWrap: 'anywhere',
        '& h2': { typography: 'h5', fontWeight: 700, mt: 0, mb: 1.5 },
        '& h3, & h4, & h5, & h6': { typography: 'h6', mt: 0, mb: 1 },
        // Room above a heading that follows something, none above one that opens the text.
        '& * + h2': { mt: 4 },
        '& * + h3, & * + h4, & * + h5, & * + h6': { mt: 3 },
        '& p, & ul, & ol, & blockquote, & pre, & table': { mt: 0, mb: 2 },
        '& ul, & ol': { pl: 3 },
        '& li': { mb: 0.5 },
        '& a': { color: 'primary.main', fontWeight: 500 },
        '& blockquote': {
          borderLeft: 4,
          borderColor: 'divider',
          pl: 2,
          ml: 0,
          color: 'text.secondary',
        },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& pre': { bgcolor: 'action.hover', p: 2, borderRadius: 1, overflowX: 'auto' },
        '& pre code': { bgcolor: 'transparent', p: 0 },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75, textAlign: 'left' },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
      }}
      // Sanitised where it was rendered: markdown-it without raw HTML (docs/decisions/094).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
