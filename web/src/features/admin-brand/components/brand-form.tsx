import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  accentProblem,
  brandMessages,
  brandSettingsSchema,
  contrastRatio,
  contrastText,
  HEADER_BACKGROUND,
  IMAGE_UPLOAD_TYPES,
  LOGO_MAX_BYTES,
  onAccentText,
  SOCIAL_NETWORKS,
  socialNetworks,
  type BrandSettings,
} from '@sprocket/contract';
import { Form, setIn, useFormikContext, type FormikErrors, type FormikTouched } from 'formik';
import { useSnackbar } from 'notistack';
import { useId, useState, type ChangeEvent } from 'react';
import { UploadButton } from '../../../components/form/upload-button.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { BrandMark } from '../../../components/layout/brand-mark.js';
import { TitledSection } from '../../../components/layout/titled-section.js';
import { ApiError } from '../../../lib/api-client.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useSaveBrand } from '../api/save-brand.js';
import { useUploadLogo } from '../api/upload-logo.js';

/** Why a chosen file cannot be the logo, checked before a byte is sent; the server checks again. */
export function logoFileProblem(file: File): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    return brandMessages.logoWrongType;
  }
  if (file.size > LOGO_MAX_BYTES) return brandMessages.logoTooLarge;
  return null;
}

/**
 * The logo as the header shows it, on the header's colour, with Upload and Remove. A refused file
 * (its type, its size, one that does not decode) is named under the buttons; the rest of the form
 * keeps what was typed.
 */
function LogoField() {
  const { values, setFieldValue } = useFormikContext<BrandSettings>();
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const choose = async ([file]: File[]) => {
    if (!file) return;
    const refusal = logoFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    try {
      await setFieldValue('logo', await upload.mutateAsync(file), true);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Stack spacing={1.5}>
      <Box
        data-testid="logo-preview"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 60,
          px: 2,
          borderRadius: 2,
          bgcolor: HEADER_BACKGROUND,
          color: '#fff',
          minWidth: 0,
        }}
      >
        <BrandMark brand={values} size={32} />
        <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 800, minWidth: 0 }}>
          {values.name}
        </Typography>
      </Box>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <UploadButton
          label="Upload logo"
          inputLabel="Logo file"
          onFiles={choose}
          pending={upload.isPending}
          describedBy={problem ? problemId : undefined}
        />
        {values.logo && (
          <Button
            variant="text"
            color="inherit"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => void setFieldValue('logo', null, true)}
          >
            Remove logo
          </Button>
        )}
      </Stack>
      <FormHelperText id={problemId} error={problem !== null} role={problem ? 'alert' : undefined}>
        {problem ??
          `A PNG, JPEG or WebP image of at most ${LOGO_MAX_BYTES / (1024 * 1024)} MB. The shop's icon and its app icons are made from it; without one, the chainring is shown.`}
      </FormHelperText>
    </Stack>
  );
}

/**
 * The accent colour typed or picked, with a button in it as the shop will show it: its text is
 * white or dark, whichever reads (the contract's onAccentText), and the contrast is said.
 */
function AccentField() {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<BrandSettings>();
  const accent = values.accent.trim().toLowerCase();
  const usable = accentProblem(accent) === null;
  const text = usable ? onAccentText(accent) : undefined;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          name="accent"
          label="Accent colour"
          required
          placeholder="#e8772e"
          helperText="The colour of the buttons to press, as # and six hex digits"
          sx={{ maxWidth: 260 }}
        />
        <Box
          component="input"
          type="color"
          aria-label="Pick the accent colour"
          value={usable ? accent : '#000000'}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            void setFieldValue('accent', event.target.value, true);
            void setFieldTouched('accent', true, false);
          }}
          sx={{ width: 56, height: 56, p: 0.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
        />
      </Stack>
      {text && (
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Box
            data-testid="accent-preview"
            sx={{
              px: 2.5,
              py: 1,
              borderRadius: 999,
              bgcolor: accent,
              color: text,
              fontWeight: 700,
            }}
          >
            Add to cart
          </Box>
          <Typography variant="body2" color="textSecondary">
            Its text is {text === '#ffffff' ? 'white' : 'dark'}:{' '}
            {contrastText(contrastRatio(accent, text))} contrast, readable (4.5:1 is the least).
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}

/** A refusal's fields ("social.instagram") nested as the form's, each with its value. */
const nestedOf = <T,>(fields: Record<string, string>, valueOf: (message: string) => T) =>
  Object.entries(fields).reduce<object>(
    (all, [field, message]) => setIn(all, field, valueOf(message)) as object,
    {},
  );

/**
 * The shop's brand (docs/product.md §2.35): its name and logo, accent colour, contact details and
 * social links, checked by the contract's schema as the API checks them; Save shows it on every
 * page at once.
 */
export function BrandForm({ brand }: { brand: BrandSettings }) {
  const save = useSaveBrand();
  const { enqueueSnackbar } = useSnackbar();
  return (
    <SchemaFormik<BrandSettings>
      schema={brandSettingsSchema}
      initialValues={brand}
      enableReinitialize
      onSubmit={async (values, { setErrors, setTouched }) => {
        try {
          await save.mutateAsync(brandSettingsSchema.cast(values) as BrandSettings);
          enqueueSnackbar('Brand saved', { variant: 'success' });
        } catch (error) {
          // The server's refusal on its fields, what was typed kept (the toast says it too).
          if (error instanceof ApiError && error.fields) {
            void setTouched(
              nestedOf(error.fields, () => true) as FormikTouched<BrandSettings>,
              false,
            );
            setErrors(nestedOf(error.fields, (message) => message) as FormikErrors<BrandSettings>);
          }
        }
      }}
    >
      {({ isSubmitting, isValid }) => (
        <Form noValidate>
          <Stack spacing={3}>
            <TitledSection title="Name and logo">
              <Stack spacing={2.5}>
                <FormTextField name="name" label="Shop name" required />
                <LogoField />
              </Stack>
            </TitledSection>
            <TitledSection title="Colour">
              <AccentField />
            </TitledSection>
            <TitledSection title="Contact details">
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField name="email" label="Email" type="email" />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <FormTextField name="phone" label="Phone" type="tel" />
                </Grid>
                <Grid size={12}>
                  <FormTextField name="address" label="Address" multiline minRows={2} />
                </Grid>
              </Grid>
            </TitledSection>
            <TitledSection title="Social links">
              <Grid container spacing={2}>
                {SOCIAL_NETWORKS.map((network) => (
                  <Grid key={network} size={{ xs: 12, md: 6 }}>
                    <FormTextField
                      name={`social.${network}`}
                      label={socialNetworks[network].label}
                      type="url"
                      placeholder={`https://${socialNetworks[network].hosts[0]}/…`}
                    />
                  </Grid>
                ))}
              </Grid>
            </TitledSection>
            <Box>
              <SubmitButton disabled={!isValid || isSubmitting} loading={isSubmitting}>
                Save
              </SubmitButton>
            </Box>
          </Stack>
        </Form>
      )}
    </SchemaFormik>
  );
}
