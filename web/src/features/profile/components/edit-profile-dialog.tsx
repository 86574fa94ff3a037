import DialogContentText from '@mui/material/DialogContentText';
import Grid from '@mui/material/Grid';
import { profileSchema, type ProfileInput } from '@sprocket/contract';
import { FormDialog } from '../../../components/form/form-dialog.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSaveProfile } from '../api/save-profile.js';

/** Half the form's width from tablets up, the whole on phones. */
const HALF = { xs: 12, sm: 6 };

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
        <FormGridField cell={HALF} name="displayName" label="Name" autoComplete="name" />
        <FormGridField
          cell={HALF}
          name="photoURL"
          label="Image URL"
          type="url"
          placeholder="https://…"
        />
        <FormGridField cell={{ xs: 12, sm: 8 }} name="degree" label="Degree" required />
        <FormGridField
          cell={{ xs: 12, sm: 4 }}
          name="cgpa"
          label="CGPA"
          required
          inputMode="decimal"
        />
        <FormGridField
          cell={12}
          name="address"
          label="Address"
          autoComplete="street-address"
          required
        />
        <FormGridField
          cell={HALF}
          name="number"
          label="Contact Number"
          type="tel"
          autoComplete="tel"
          required
          inputMode="numeric"
        />
        <FormGridField
          cell={HALF}
          name="linkedin"
          label="LinkedIn Link"
          type="url"
          placeholder="https://www.linkedin.com/in/…"
          required
        />
      </Grid>
    </FormDialog>
  );
}
