import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  FOOTER_COLUMNS,
  footerColumnLabels,
  PAGE_TEXT_MAX,
  shopPageSchema,
  slugFromTitle,
  type FooterColumn,
  type ShopPage,
} from '@sprocket/contract';
import { useField, useFormikContext } from 'formik';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSavePage } from '../api/save-page.js';
import { MarkdownPreview } from './markdown-preview.js';

export interface PageFormValues {
  slug: string;
  title: string;
  description: string;
  footer: FooterColumn;
  published: boolean;
  markdown: string;
}

const EMPTY: PageFormValues = {
  slug: '',
  title: '',
  description: '',
  footer: 'none',
  published: true,
  markdown: '',
};

const valuesOf = (page: ShopPage): PageFormValues => ({
  slug: page.slug,
  title: page.title,
  // The owner's own description: the one the API makes from the text is not theirs to keep.
  description: page.description === '' ? '' : page.description,
  footer: page.footer,
  published: page.published,
  markdown: page.markdown,
});

function PublishedBox() {
  const [field] = useField<boolean>({ name: 'published', type: 'checkbox' });
  return (
    <FormControlLabel
      control={<Checkbox {...field} sx={{ p: '10px' }} />}
      label="Published: shown at its address and in the footer"
    />
  );
}

/** A new page's address follows its title until the owner types one of their own. */
function SlugFromTitle() {
  const { values, touched, setFieldValue } = useFormikContext<PageFormValues>();
  useEffect(() => {
    if (!touched.slug) void setFieldValue('slug', slugFromTitle(values.title));
  }, [values.title, touched.slug, setFieldValue]);
  return null;
}

const HALF = { xs: 12, sm: 6 };

function Fields({ adding }: { adding: boolean }) {
  const { values } = useFormikContext<PageFormValues>();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Grid container spacing={2}>
          {adding && <SlugFromTitle />}
          <FormGridField cell={HALF} name="title" label="Title" required />
          <FormGridField
            cell={HALF}
            name="slug"
            label="Address"
            required
            helperText={`The page is at /pages/${values.slug || '…'}`}
          />
          <FormGridField
            cell={12}
            name="description"
            label="Description"
            helperText="Optional: what search results and link previews say (160 characters)"
          />
          <FormGridField cell={HALF} name="footer" label="Footer column" select required>
            {FOOTER_COLUMNS.map((column) => (
              <MenuItem key={column} value={column}>
                {footerColumnLabels[column]}
              </MenuItem>
            ))}
          </FormGridField>
          <Grid size={HALF} sx={{ display: 'flex', alignItems: 'center' }}>
            <PublishedBox />
          </Grid>
          <FormGridField
            cell={12}
            name="markdown"
            label="Text (Markdown)"
            required
            multiline
            minRows={12}
            maxRows={24}
            helperText={`## for a heading, **bold**, - for a list, [words](https://…) for a link; no HTML. ${values.markdown.length.toLocaleString('en')} of ${PAGE_TEXT_MAX.toLocaleString('en')} characters`}
          />
        </Grid>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <MarkdownPreview title={values.title} markdown={values.markdown} />
      </Grid>
    </Grid>
  );
}

/**
 * "Add page" and "Edit" (docs/product.md §2.32): the page's title, address, description, footer
 * column, whether it is published and its text, beside a preview of it as the shop will show it.
 * Checked as typed by the API's own rules (the contract's); an address the server finds taken is
 * shown on its field, and nothing typed is lost.
 */
export function PageEditorDialog({ page, onClose }: { page?: ShopPage; onClose: () => void }) {
  const save = useSavePage();
  const adding = page === undefined;
  return (
    <FormDialog<PageFormValues>
      title={adding ? 'Add a page' : `Edit ${page.title}`}
      formLabel={adding ? 'Add a page' : `Edit ${page.title}`}
      submitLabel={adding ? 'Add page' : 'Save page'}
      maxWidth="lg"
      schema={shopPageSchema}
      initialValues={page ? valuesOf(page) : EMPTY}
      savedMessage={(values) => `${adding ? 'Added' : 'Saved'} ${values.title.trim()}`}
      save={async (values) =>
        save.mutateAsync({ input: shopPageSchema.cast(values), editing: page?.slug })
      }
      onRefused={(error, { setErrors, setTouched }) => {
        if (!(error instanceof ApiError) || !error.fields) return;
        // A server refusal shows on its field even if the owner has not been there yet.
        void setTouched(
          Object.fromEntries(Object.keys(error.fields).map((field) => [field, true])),
          false,
        );
        setErrors(error.fields);
      }}
      onClose={onClose}
      intro={
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          Terms, privacy, shipping, returns, about: write the page in Markdown and see it as the
          shop will show it.
        </Typography>
      }
    >
      <Fields adding={adding} />
    </FormDialog>
  );
}
