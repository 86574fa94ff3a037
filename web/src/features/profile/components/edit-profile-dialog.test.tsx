import type { ProfileInput } from '@sprocket/contract';
import { screen, waitFor } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { updateProfile } from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession, fakeUser } from '../../../testing/fake-firebase-auth.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { EditProfileDialog } from './edit-profile-dialog.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
  updateProfile: vi.fn(async () => undefined),
}));

const EMPTY: ProfileInput = {
  displayName: '',
  photoURL: '',
  degree: '',
  cgpa: '',
  address: '',
  number: '',
  linkedin: '',
};

let calls: FetchCall[];
beforeEach(() => {
  vi.mocked(updateProfile).mockClear();
  authSession.signIn(fakeUser());
  calls = stubFetch(() => ({ body: { acknowledged: true, modifiedCount: 0, upsertedCount: 1 } }));
});

function setup(initialValues: ProfileInput = EMPTY) {
  const onClose = vi.fn();
  const view = renderScreen(
    <EditProfileDialog
      open
      onClose={onClose}
      email="customer@sprocket.test"
      initialValues={initialValues}
    />,
  );
  const field = (label: RegExp) => screen.getByLabelText(label);
  const save = () => screen.getByRole('button', { name: 'Save Profile' });
  const fill = async (label: RegExp, value: string) => {
    // Pasting types the whole value as one change: quick, and formik validates it the same way.
    await view.user.clear(field(label));
    if (value) {
      await view.user.click(field(label));
      await view.user.paste(value);
    }
  };
  const fillRequired = async () => {
    await fill(/Degree/, 'BSc Mechanical Engineering');
    await fill(/CGPA/, '3.75');
    await fill(/^Address/, '12 Harbour Road, Bristol');
    await fill(/Contact Number/, '01174960000');
    await fill(/LinkedIn Link/, 'https://www.linkedin.com/in/casey');
  };
  return { ...view, onClose, field, save, fill, fillRequired };
}

describe('EditProfileDialog', () => {
  it('keeps Save disabled until degree, CGPA, address, number and LinkedIn are valid', async () => {
    const { save, fill, fillRequired } = setup();
    await waitFor(() => expect(save()).toBeDisabled());

    await fillRequired();
    await waitFor(() => expect(save()).toBeEnabled());

    await fill(/Degree/, '');
    expect(await screen.findByText('Degree is required')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('wants the contact number as digits and the LinkedIn link as a web address', async () => {
    const { fill, fillRequired, save } = setup();
    await fillRequired();

    await fill(/Contact Number/, '0117 abc');
    expect(await screen.findByText('Contact number must be 6 to 15 digits')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await fill(/Contact Number/, '01174960000');
    await waitFor(() =>
      expect(screen.queryByText('Contact number must be 6 to 15 digits')).not.toBeInTheDocument(),
    );

    await fill(/LinkedIn Link/, 'linkedin casey');
    expect(await screen.findByText('LinkedIn link must be a web address')).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await fill(/CGPA/, 'three');
    expect(await screen.findByText('CGPA must be a number like 3.75')).toBeInTheDocument();
  });

  it('saves without touching the account profile when name or image is missing', async () => {
    const { fill, fillRequired, save, user, onClose } = setup();
    await fillRequired();
    await fill(/^Name/, 'Casey Rider');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(updateProfile).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/profiles',
      method: 'POST',
      body: {
        displayName: 'Casey Rider',
        photoURL: '',
        degree: 'BSc Mechanical Engineering',
        cgpa: '3.75',
        address: '12 Harbour Road, Bristol',
        number: '01174960000',
        linkedin: 'https://www.linkedin.com/in/casey',
      },
    });
  });

  it('updates the account profile too when both name and image URL are given', async () => {
    const { fill, fillRequired, save, user } = setup();
    await fillRequired();
    await fill(/^Name/, 'Casey Rider');
    await fill(/Image URL/, 'https://images.example.com/casey.png');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(updateProfile).toHaveBeenCalledWith(expect.objectContaining({ uid: 'uid-1' }), {
      displayName: 'Casey Rider',
      photoURL: 'https://images.example.com/casey.png',
    });
  });

  it('refuses an image URL that is not a web address', async () => {
    const { fill, save, fillRequired } = setup();
    await fillRequired();
    await fill(/Image URL/, 'casey.png');
    expect(await screen.findByText('Image URL must be a web address')).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('stays open and shows the API message when the save fails', async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid',
          fields: { address: 'Address is too long' },
        },
      },
    }));
    const { fillRequired, save, user, onClose } = setup();
    await fillRequired();
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Some fields are not valid')).toBeInTheDocument();
    expect(await screen.findByText('Address is too long')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
