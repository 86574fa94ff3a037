import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  pictureMessages,
  picturesFromForm,
  PICTURES_MAX,
  type PartPicture,
  type PictureFormValues,
} from '@sprocket/contract';
import { getIn, useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { UploadButton } from '../../../components/form/upload-button.js';
import { PartImage } from '../../../components/data/part-image.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { DeleteOutlinedIcon } from '../../../components/icons/delete-outlined.js';
import { KeyboardArrowDownIcon } from '../../../components/icons/keyboard-arrow-down.js';
import { errorMessage } from '../../../lib/query-client.js';
import { useUploadImage } from '../api/upload-image.js';
import { imageFileProblem } from './image-field.js';

type PictureForm = PictureFormValues & { img: string; productName: string };

/** The form's fields for a list of pictures in order: the first is the main picture (`img`). */
function formFieldsOf(pictures: readonly PartPicture[]): Partial<PictureForm> {
  const [main, ...more] = pictures;
  if (!main) return { morePictures: [] };
  return {
    img: main.url,
    imgAlt: main.alt,
    imgRenditions: main.renditions ? { url: main.url, renditions: main.renditions } : null,
    morePictures: more,
  };
}

/** A finger's width, for each picture's buttons. */
const TAP_TARGET = { width: 44, height: 44 } as const;

/**
 * The part's other pictures (issue 36 item 3, docs/decisions/096): uploaded several at a time,
 * each with its alt text, moved up or down (the first above the main picture becomes the main
 * one) or removed. A file refused (its type, its size, one past PICTURES_MAX) is named under the
 * button; the pictures already there stay.
 */
export function MorePicturesEditor() {
  const { values, errors, setValues, setFieldTouched } = useFormikContext<PictureForm>();
  const upload = useUploadImage();
  const [problems, setProblems] = useState<string[]>([]);
  const sectionId = useId();
  const more = values.morePictures;
  const room = PICTURES_MAX - 1 - more.length;

  /** Moves the picture at `from` of the whole list (0: the main picture) to `to`. */
  const move = (from: number, to: number) => {
    const pictures = picturesFromForm(values);
    const [moved] = pictures.splice(from, 1);
    if (!moved) return;
    pictures.splice(to, 0, moved);
    void setValues({ ...values, ...formFieldsOf(pictures) }, true);
  };
  const remove = (index: number) =>
    void setValues({ ...values, morePictures: more.filter((_, at) => at !== index) }, true);

  const choose = async (files: File[]) => {
    const refused: string[] = [];
    const accepted = files.filter((file) => {
      const problem = imageFileProblem(file);
      if (problem) refused.push(`${file.name}: ${problem}`);
      return !problem;
    });
    const fitting = accepted.slice(0, Math.max(room, 0));
    for (const file of accepted.slice(fitting.length)) {
      refused.push(`${file.name}: ${pictureMessages.tooMany}`);
    }
    const added: PartPicture[] = [];
    for (const file of fitting) {
      try {
        const { url, renditions } = await upload.mutateAsync(file);
        added.push({ url, alt: '', renditions });
      } catch (error) {
        refused.push(`${file.name}: ${errorMessage(error)}`);
      }
    }
    setProblems(refused);
    if (added.length === 0) return;
    await setValues({ ...values, morePictures: [...more, ...added] }, true);
    // Each new picture asks for its alt text at once.
    added.forEach(
      (_, index) => void setFieldTouched(`morePictures[${more.length + index}].alt`, true, false),
    );
  };

  const listProblem: unknown = getIn(errors, 'morePictures');
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${sectionId}-title`}>
      <Box>
        <Typography id={`${sectionId}-title`} variant="h6" component="h2">
          More pictures
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Up to {PICTURES_MAX - 1} more, shown after the main picture in this order. Describe each
          for shoppers who cannot see it.
        </Typography>
      </Box>
      {more.length > 0 && (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {more.map((picture, index) => {
            const number = index + 2;
            return (
              <Stack
                component="li"
                key={picture.url}
                direction="row"
                useFlexGap
                // On a phone the buttons wrap under the picture and its alt text.
                sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}
              >
                <PartImage
                  src={picture.url}
                  alt=""
                  sx={{ width: 64, height: 64, flexShrink: 0, borderRadius: 2 }}
                />
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <FormTextField
                    name={`morePictures[${index}].alt`}
                    label={`Picture ${number} alt text`}
                    required
                    size="small"
                    fullWidth
                    placeholder="What the picture shows"
                  />
                </Box>
                <Stack direction="row" sx={{ flexShrink: 0 }}>
                  <IconButton
                    sx={TAP_TARGET}
                    aria-label={
                      index === 0
                        ? `Make picture ${number} the main picture`
                        : `Move picture ${number} up`
                    }
                    onClick={() => move(index + 1, index)}
                  >
                    <KeyboardArrowDownIcon sx={{ transform: 'rotate(180deg)' }} />
                  </IconButton>
                  <IconButton
                    sx={TAP_TARGET}
                    aria-label={`Move picture ${number} down`}
                    onClick={() => move(index + 1, index + 2)}
                    disabled={index === more.length - 1}
                  >
                    <KeyboardArrowDownIcon />
                  </IconButton>
                  <IconButton aria-label={`Remove picture ${number}`} onClick={() => remove(index)}>
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Stack>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UploadButton
          label="Upload pictures"
          inputLabel="Picture files"
          onFiles={choose}
          pending={upload.isPending}
          disabled={room <= 0}
          multiple
          size="small"
        />
        <Typography variant="caption" color="textSecondary">
          {room > 0 ? `${room} more can be added` : pictureMessages.tooMany}
        </Typography>
      </Stack>
      {typeof listProblem === 'string' && (
        <FormHelperText error sx={{ mx: 0 }}>
          {listProblem}
        </FormHelperText>
      )}
      {problems.length > 0 && (
        <FormHelperText error role="alert" component="div" sx={{ mx: 0 }}>
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </FormHelperText>
      )}
    </Stack>
  );
}

/** The main picture's alt text, beside its address. */
export function MainPictureAltField() {
  return (
    <FormTextField
      name="imgAlt"
      label="Main picture alt text"
      size="small"
      fullWidth
      placeholder="What the picture shows"
      helperText="Left empty, the product name describes it"
    />
  );
}
