import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { profileSchema, type Profile } from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSaveProfile } from '../api/save-profile.js';

export type ProfileFormValues = Omit<Profile, 'email'>;

const FORM_ID = 'edit-profile-form';

/**
 * The Edit Profile modal (spec §2, §5): validated on every change with the shared profileSchema;
 * closes once the server acknowledges the save.
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
  initialValues: ProfileFormValues;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveProfile(email);

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-profile-title"
    >
      <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
      <Formik<ProfileFormValues>
        initialValues={initialValues}
        validationSchema={profileSchema}
        validateOnMount
        onSubmit={async (values, { setErrors }) => {
          try {
            const result = await save.mutateAsync(profileSchema.cast(values));
            if (!result.acknowledged) return;
          } catch (error) {
            // The toast says what failed; a 422 also marks the fields the server refused.
            if (error instanceof ApiError && error.fields) setErrors(error.fields);
            return;
          }
          enqueueSnackbar('Profile Updated', { variant: 'success' });
          onClose();
        }}
      >
        {(formik) => (
          <>
            <DialogContent dividers>
              <DialogContentText sx={{ mb: 2.5 }}>
                Name and image URL are optional; give both to update your account picture too.
              </DialogContentText>
              <Form id={FORM_ID} noValidate aria-label="Edit profile">
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField name="displayName" label="Name" autoComplete="name" />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <FormTextField
                      name="photoURL"
                      label="Image URL"
                      type="url"
                      placeholder="https://…"
                    />
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
                    <FormTextField
                      name="address"
                      label="Address"
                      autoComplete="street-address"
                      required
                    />
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
              </Form>
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>
              <Button onClick={onClose} disabled={formik.isSubmitting} color="inherit">
                Cancel
              </Button>
              <Button
                type="submit"
                form={FORM_ID}
                variant="contained"
                color="secondary"
                disabled={!formik.isValid}
                loading={formik.isSubmitting}
              >
                Save Profile
              </Button>
            </DialogActions>
          </>
        )}
      </Formik>
    </Dialog>
  );
}
