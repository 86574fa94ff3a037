import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../../testing/render.js';
import { MailPreferences } from './mail-preferences.js';

describe('MailPreferences', () => {
  it('shows cart reminders on by default and saves the switch as it is flipped', async () => {
    let stored = { cartReminders: true };
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') stored = call.body as typeof stored;
      return { body: stored };
    });
    const { user } = renderRoutes([{ path: '/', element: <MailPreferences /> }]);
    const reminders = await screen.findByRole('switch', {
      name: 'Remind me of a cart I leave behind',
    });
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleDescription(/One email, 24 hours after/);

    await user.click(reminders);
    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: '/api/profiles/me/preferences',
        body: { cartReminders: false },
      }),
    ]);
  });

  it('says so when the choice cannot be saved, and shows the switch as it is', async () => {
    stubFetch((call) =>
      call.method === 'PUT'
        ? { status: 503, body: { error: { code: 'unavailable', message: 'Try again shortly' } } }
        : { body: { cartReminders: true } },
    );
    const { user } = renderRoutes([{ path: '/', element: <MailPreferences /> }]);
    const reminders = await screen.findByRole('switch', {
      name: 'Remind me of a cart I leave behind',
    });
    await waitFor(() => expect(reminders).toBeEnabled());
    await user.click(reminders);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringContaining('Try again shortly'),
      ),
    );
    expect(reminders).toBeChecked();
  });
});
