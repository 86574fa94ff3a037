import { UploadFileOutlinedIcon } from '../icons/upload-file-outlined.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { IMAGE_UPLOAD_TYPES } from '@sprocket/contract';
import { useId, type ChangeEvent } from 'react';

/** Visually hidden but reachable (its label opens it); 1px, as sx reads 1 as 100%. */
const hiddenInputSx = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
} as const;

export interface UploadButtonProps {
  /** The button's words ("Upload logo"). */
  label: string;
  /** The file input's name for assistive technology ("Logo file"). */
  inputLabel: string;
  /** Called with the files chosen (at least one); the input is emptied, so the same can be chosen again. */
  onFiles: (files: File[]) => void | Promise<void>;
  /** An upload under way: the button spins and takes no other file. */
  pending: boolean;
  disabled?: boolean;
  multiple?: boolean;
  size?: 'small' | 'medium';
  /** The id of the words that say what went wrong, when something did. */
  describedBy?: string;
}

/**
 * "Upload …" for the shop's images (a part's pictures, the brand's logo): a button that is the
 * label of a visually hidden file input taking PNG, JPEG or WebP, so the keyboard, a screen
 * reader and a tap all reach the system's file picker.
 */
export function UploadButton({
  label,
  inputLabel,
  onFiles,
  pending,
  disabled = false,
  multiple = false,
  size = 'medium',
  describedBy,
}: UploadButtonProps) {
  const inputId = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (files.length > 0) void onFiles(files);
  };
  return (
    <>
      <Button
        component="label"
        htmlFor={inputId}
        variant="outlined"
        size={size}
        startIcon={<UploadFileOutlinedIcon />}
        loading={pending}
        loadingPosition="start"
        disabled={disabled}
      >
        {label}
      </Button>
      <Box
        component="input"
        id={inputId}
        type="file"
        multiple={multiple}
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        aria-label={inputLabel}
        aria-describedby={describedBy}
        onChange={choose}
        disabled={pending || disabled}
        sx={hiddenInputSx}
      />
    </>
  );
}
