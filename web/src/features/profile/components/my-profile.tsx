import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Profile, ProfileInput } from '@sprocket/contract';
import { useState, type ReactNode } from 'react';
import { EditIcon } from '../../../components/icons/edit.js';
import { FullScreenSpinner } from '../../../components/feedback/full-screen-spinner.js';
import { errorMessage } from '../../../lib/query-client.js';
import { phoneTapTarget } from '../../../lib/tap-target.js';
import { useProfile } from '../api/get-profile.js';
import { EditProfileDialog } from './edit-profile-dialog.js';
import { MailPreferences } from './mail-preferences.js';

export interface ProfileOwner {
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="overline" color="textSecondary" sx={{ lineHeight: 2 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children || (
          <Box
            component="span"
            sx={{ color: 'text.secondary', fontWeight: 400, fontStyle: 'italic' }}
          >
            Not added yet
          </Box>
        )}
      </Typography>
    </Box>
  );
}

const formValues = (owner: ProfileOwner, profile: Profile | null): ProfileInput => ({
  displayName: profile?.displayName || owner.displayName || '',
  photoURL: profile?.photoURL || owner.photoURL || '',
  degree: profile?.degree ?? '',
  cgpa: profile?.cgpa ?? '',
  address: profile?.address ?? '',
  number: profile?.number ?? '',
  linkedin: profile?.linkedin ?? '',
});

/** My Profile (docs/product.md §2.10): the signed-in user's card and the Edit Profile modal. */
export function MyProfile({ owner }: { owner: ProfileOwner }) {
  const profile = useProfile(owner.email);
  const [editing, setEditing] = useState(false);

  if (profile.isPending) return <FullScreenSpinner label="Loading your profile" />;
  if (profile.isError) return <Alert severity="error">{errorMessage(profile.error)}</Alert>;

  const saved = profile.data;
  // The saved profile wins: Firebase does not tell the app when its own profile changed.
  const name = saved?.displayName || owner.displayName || owner.email;
  const photo = saved?.photoURL || owner.photoURL || undefined;

  return (
    <Card component="section" aria-labelledby="profile-name" sx={{ maxWidth: 880 }}>
      <Box
        sx={{
          height: { xs: 84, sm: 110 },
          background: 'linear-gradient(120deg, #07333a 0%, #0e4a52 45%, #2b6f78 100%)',
        }}
      />
      <CardContent sx={{ px: { xs: 2.5, sm: 4 }, pb: { xs: 3, sm: 4 }, pt: 0 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'flex-start', sm: 'flex-end' },
            gap: 2,
            mt: { xs: -5, sm: -6 },
          }}
        >
          <Avatar
            src={photo}
            alt={name}
            sx={{
              width: { xs: 88, sm: 112 },
              height: { xs: 88, sm: 112 },
              fontSize: 36,
              bgcolor: 'secondary.main',
              // The theme's dark text on orange; the default light initials reach only 2.7:1.
              color: 'secondary.contrastText',
              border: '4px solid #fff',
            }}
          >
            {initials(name)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0, pb: { sm: 1 } }}>
            <Typography
              id="profile-name"
              variant="h4"
              component="h2"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Typography color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {owner.email}
            </Typography>
          </Box>
          <Button
            variant="contained"
            color="secondary"
            startIcon={<EditIcon />}
            onClick={() => setEditing(true)}
            sx={{ mb: { sm: 1 }, flexShrink: 0 }}
          >
            Edit Profile
          </Button>
        </Box>
        <Divider sx={{ my: 3 }} />
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            columnGap: 4,
            rowGap: 2,
          }}
        >
          <Detail label="Email">{owner.email}</Detail>
          <Detail label="Degree">{saved?.degree}</Detail>
          <Detail label="CGPA">{saved?.cgpa}</Detail>
          <Detail label="Mobile">{saved?.number}</Detail>
          <Detail label="Address">{saved?.address}</Detail>
          <Detail label="LinkedIn">
            {saved?.linkedin && (
              <Link
                href={saved.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ ...phoneTapTarget, overflowWrap: 'anywhere' }}
              >
                {saved.linkedin.replace(/^https?:\/\/(www\.)?/, '')}
              </Link>
            )}
          </Detail>
        </Box>
        <Divider sx={{ my: 3 }} />
        <MailPreferences />
      </CardContent>
      {editing && (
        <EditProfileDialog
          open
          onClose={() => setEditing(false)}
          email={owner.email}
          initialValues={formValues(owner, saved)}
        />
      )}
    </Card>
  );
}
