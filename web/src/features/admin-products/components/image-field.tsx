import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  imageUploadMessages,
  isImageUrl,
  type PictureFormValues,
} from '@sprocket/contract';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import { UploadButton } from '../../../components/form/upload-button.js';
import { PART_IMAGE_BACKGROUND, PartImage } from '../../../components/data/part-image.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useUploadImage } from '../api/upload-image.js';

/**
 * Why a chosen file cannot be uploaded, checked in the browser before a byte is sent: its type as
 * the browser names it and its size. The server checks again by the file's bytes.
 */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return imageUploadMessages.wrongType;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return imageUploadMessages.tooLarge;
  if (file.size === 0) return imageUploadMessages.empty;
  return null;
}

export const IMAGE_NOT_LOADED = 'The image could not be loaded';
/** An address that neither loads nor fails by then (a host that never answers) counts as broken. */
const IMAGE_LOAD_TIMEOUT_MS = 10_000;
/** Each address is tried once per page: typing back an address already tried answers at once. */
const imageLoads = new Map<string, Promise<boolean>>();

/** Whether the browser can show the image at `src`, tried the way the shop will show it. */
export function imageLoadsAt(src: string): Promise<boolean> {
  const known = imageLoads.get(src);
  if (known) return known;
  const loads = new Promise<boolean>((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => resolve(false), IMAGE_LOAD_TIMEOUT_MS);
    image.onload = () => {
      clearTimeout(timer);
      resolve(true);
    };
    image.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
    image.src = src;
  });
  imageLoads.set(src, loads);
  return loads;
}

/**
 * Formik field-level validation of the image address: a well-formed address whose image does not
 * load is refused before submit. Malformed and empty addresses are the schema's to report.
 */
async function imageLoadProblem(value: unknown): Promise<string | undefined> {
  const src = typeof value === 'string' ? value.trim() : '';
  if (!isImageUrl(src)) return undefined;
  return (await imageLoadsAt(src)) ? undefined : IMAGE_NOT_LOADED;
}

/**
 * The product image (docs/product.md §2.15): an address typed in, or a PNG, JPEG or WebP file
 * uploaded with "Upload image", whose address the server answers and the field then holds.
 * Refusals (a wrong type, a file too large) show under the button. With `checkLoads` (Add
 * Product) an address whose image does not load is an error of the field before submit.
 */
export function ImageField({ checkLoads = false }: { checkLoads?: boolean }) {
  const { setFieldValue, setFieldTouched } = useFormikContext<{
    img: string;
    imgRenditions: PictureFormValues['imgRenditions'];
  }>();
  const upload = useUploadImage();
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async ([file]: File[]) => {
    if (!file) return;
    const refusal = imageFileProblem(file);
    setProblem(refusal);
    if (refusal) return;
    try {
      const { url, renditions } = await upload.mutateAsync(file);
      // The copies go with this address; a retyped address has none (picturesFromForm).
      await setFieldValue('imgRenditions', { url, renditions }, false);
      await setFieldValue('img', url, true);
      await setFieldTouched('img', true, false);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Stack spacing={1}>
      <FormTextField
        name="img"
        validate={checkLoads ? imageLoadProblem : undefined}
        label="Image URL"
        required
        placeholder="https://… or /parts/…"
        helperText="A web address, a path on this site such as /parts/chain.svg, or upload a file"
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UploadButton
          label="Upload image"
          inputLabel="Image file"
          onFiles={choose}
          pending={upload.isPending}
          size="small"
        />
        <Typography variant="caption" color="textSecondary">
          PNG, JPEG or WebP, at most {IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB
        </Typography>
      </Stack>
      {problem && (
        <FormHelperText error role="alert" sx={{ mx: 0 }}>
          {problem}
        </FormHelperText>
      )}
    </Stack>
  );
}

/** Whether the field holds an address the preview can show. */
export const showsImage = (src: string) => isImageUrl(src.trim());

/** The image as the shop will show it, or a note while there is no address yet. */
export function ImagePreview({ src, minHeight }: { src: string; minHeight: number }) {
  return (
    <Box
      sx={{
        height: '100%',
        minHeight,
        borderRadius: 2,
        border: '1px dashed',
        borderColor: 'divider',
        bgcolor: PART_IMAGE_BACKGROUND,
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
      }}
    >
      {showsImage(src) ? (
        <PartImage
          src={src}
          alt="Preview of the product image"
          sx={{ width: '100%', height: '100%', maxHeight: 260, objectFit: 'contain' }}
        />
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
          The image preview appears here
        </Typography>
      )}
    </Box>
  );
}
