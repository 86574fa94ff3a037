import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  categoryFormSchema,
  SPEC_LIST,
  type Category,
  type CategoryInput,
} from '@sprocket/contract';
import { useField } from 'formik';
import { useMemo } from 'react';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useAddCategory } from '../api/add-category.js';
import { useEditCategory } from '../api/edit-category.js';

/**
 * The specifications the category's parts give, ticked from the shop's set: one ticked later goes
 * after those it had, so the product page keeps their order.
 */
function SpecChoices() {
  const [field, meta, helpers] = useField<string[]>('specs');
  const chosen = field.value;
  return (
    <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 0.5 }}>
        Specifications
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        What its parts give, shown on their pages and offered as filters on All Parts.
      </Typography>
      <Grid container columnSpacing={2}>
        {SPEC_LIST.map((spec) => (
          <Grid key={spec.key} size={{ xs: 12, sm: 6, md: 4 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={chosen.includes(spec.key)}
                  onChange={(event) =>
                    void helpers.setValue(
                      event.target.checked
                        ? [...chosen, spec.key]
                        : chosen.filter((key) => key !== spec.key),
                    )
                  }
                  sx={{ p: '10px' }}
                />
              }
              label={spec.label}
            />
          </Grid>
        ))}
      </Grid>
      {meta.error && <FormHelperText error>{meta.error}</FormHelperText>}
    </Grid>
  );
}

/**
 * "Add category" or a category's "Edit": its name and the specifications it uses, checked as typed
 * by the API's rules (the contract's categoryFormSchema: a name, at most 40 characters, no other
 * category's). A refusal of the server shows on its field, with nothing typed lost.
 */
export function CategoryDialog({
  category,
  categories,
  onClose,
}: {
  /** The category edited; none to add one. */
  category?: Category;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const add = useAddCategory();
  const edit = useEditCategory();
  const schema = useMemo(
    () => categoryFormSchema(categories, category?.id),
    [categories, category?.id],
  );
  const title = category ? `Edit ${category.name}` : 'Add a category';
  return (
    <FormDialog<CategoryInput>
      title={title}
      formLabel={title}
      submitLabel={category ? 'Save' : 'Add category'}
      schema={schema}
      initialValues={{ name: category?.name ?? '', specs: [...(category?.specs ?? [])] }}
      savedMessage={(values) =>
        category ? `Saved ${values.name.trim()}` : `Added ${values.name.trim()}`
      }
      save={(values) => {
        const input = { name: values.name.trim(), specs: values.specs };
        return category
          ? edit.mutateAsync({ id: category.id, edit: input })
          : add.mutateAsync(input);
      }}
      onRefused={(error, { setErrors }) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      }}
      onClose={onClose}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <FormGridField
          cell={12}
          name="name"
          label="Name"
          required
          helperText="As shoppers read it in the filters and on each part's page"
        />
        <SpecChoices />
      </Grid>
    </FormDialog>
  );
}
