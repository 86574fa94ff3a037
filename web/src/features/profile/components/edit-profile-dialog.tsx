import DialogContentText from '@mui/material/DialogContentText';
import Grid from '@mui/material/Grid';
import { profileSchema, type ProfileInput } from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSaveProfile } from '../api/save-profile.js';

/**
 * The Edit Profile modal (docs/product.md §2.10, §5.2): validated on every change with the shared
 * profileSchema; closes once the server acknowledges the save.
 */
export function EditProfileDialog({
  open,
  onClose,
  email,
  initialValues,
}: {
  open: boolean;
  onClose: () => void;
  email: string;
  initialValues: ProfileInput;
}) {
  const save = useSaveProfile(email);

  return (
    <FormDialog<ProfileInput>
      open={open}
      title="Edit Profile"
      formLabel="Edit profile"
      submitLabel="Save Profile"
      save={async (values) => (await save.mutateAsync(profileSchema.cast(values))).acknowledged}
      savedMessage="Profile Updated"
      // The toast says what failed; a 422 also marks the fields the server refused.
      onRefused={(error, { setErrors }) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
      }}
      schema={profileSchema}
      initialValues={initialValues}
      onClose={onClose}
      intro={
        <DialogContentText sx={{ mb: 2.5 }}>
          Name and image URL are optional; give both to update your account picture too.
        </DialogContentText>
      }
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name="displayName" label="Name" autoComplete="name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name="photoURL" label="Image URL" type="url" placeholder="https://…" />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormTextField name="degree" label="Degree" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            name="cgpa"
            label="CGPA"
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={12}>
          <FormTextField name="address" label="Address" autoComplete="street-address" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            name="number"
            label="Contact Number"
            type="tel"
            autoComplete="tel"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            name="linkedin"
            label="LinkedIn Link"
            type="url"
            placeholder="https://www.linkedin.com/in/…"
            required
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
