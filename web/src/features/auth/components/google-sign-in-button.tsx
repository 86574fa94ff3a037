import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';

export function GoogleSignInButton({
  onClick,
  disabled,
}: {
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      fullWidth
      variant="outlined"
      size="large"
      startIcon={<GoogleIcon />}
      onClick={onClick}
      disabled={disabled}
    >
      Log in with Google
    </Button>
  );
}
