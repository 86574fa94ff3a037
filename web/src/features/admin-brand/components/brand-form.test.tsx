/**
 * Brand (issue 36 item 1): the form checks as typed by the contract's rules, shows the accent's
 * button with the text colour that reads, refuses a logo too large or not an image under its
 * button keeping what was typed, and saves what the API keeps, which the pages then show.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { brandMessages, LOGO_MAX_BYTES, type BrandLogo } from '@sprocket/contract';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.js';
import { buildBrand } from '../../../testing/data.js';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { BrandForm, logoFileProblem } from './brand-form.js';

const logo: BrandLogo = {
  url: '/api/files/logo-1.png',
  width: 512,
  height: 128,
  icons: { '32': '/i32.png', '180': '/i180.png', '192': '/i192.png', '512': '/i512.png' },
};

describe('the brand form', () => {
  it('checks as typed, previews the accent with readable text, and saves what the API keeps', async () => {
    const calls = stubFetch(({ url, method, body }) => {
      if (url === '/api/admin/brand/logo') return { status: 201, body: logo };
      if (method === 'PUT') return { body };
      return { status: 404 };
    });
    const { user, queryClient } = renderScreen(<BrandForm brand={buildBrand()} />);
    const name = screen.getByLabelText(/^Shop name/);
    const accent = screen.getByLabelText(/^Accent colour/);

    await user.clear(name);
    expect(await screen.findByText(brandMessages.nameRequired)).toBeInTheDocument();
    await user.click(name);
    await user.paste('Velo Nord, bicycle parts and repairs since 1987');
    expect(within(screen.getByTestId('logo-preview')).getByText(/^Velo Nord/)).toBeInTheDocument();

    await user.clear(accent);
    await user.type(accent, '#fafafa');
    expect(await screen.findByText(brandMessages.accentTooPale('#fafafa'))).toBeInTheDocument();
    await user.clear(accent);
    await user.type(accent, '#ff8c00');
    // An orange bright enough that its text is dark, and says so.
    expect(await screen.findByTestId('accent-preview')).toHaveStyle({ color: '#1b1206' });
    expect(screen.getByText(/Its text is dark: \d+(\.\d)?:1 contrast/)).toBeInTheDocument();
    await user.clear(accent);
    await user.type(accent, '#1565c0');
    expect(await screen.findByTestId('accent-preview')).toHaveStyle({ color: '#ffffff' });

    await user.click(screen.getByLabelText(/^Instagram/));
    await user.paste('https://www.facebook.com/velonord');
    expect(await screen.findByText(brandMessages.socialInvalid('instagram'))).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Instagram/));
    await user.paste('https://www.instagram.com/velonord');

    // A file too large: refused under the button, nothing typed lost.
    const file = screen.getByLabelText('Logo file');
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(file, big);
    expect(await screen.findByText(brandMessages.logoTooLarge)).toBeInTheDocument();
    // One chosen past the picker's filter ("All files") is refused the same way.
    expect(logoFileProblem(new File(['a text'], 'logo.txt', { type: 'text/plain' }))).toBe(
      brandMessages.logoWrongType,
    );
    expect(name).toHaveValue('Velo Nord, bicycle parts and repairs since 1987');
    expect(calls).toEqual([]);

    await user.upload(file, new File(['png'], 'logo.png', { type: 'image/png' }));
    const preview = screen.getByTestId('logo-preview');
    await waitFor(() =>
      expect(preview.querySelector('img')).toHaveAttribute('src', '/api/files/logo-1.png'),
    );

    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Brand saved')).toBeInTheDocument();
    const saved = {
      ...buildBrand(),
      name: 'Velo Nord, bicycle parts and repairs since 1987',
      accent: '#1565c0',
      logo,
      social: { ...buildBrand().social, instagram: 'https://www.instagram.com/velonord' },
    };
    expect(calls.at(-1)).toMatchObject({ url: '/api/admin/brand', method: 'PUT', body: saved });
    // Every page shows it at once.
    expect(queryClient.getQueryData(queryKeys.brand())).toEqual(saved);
  });

  it("shows the API's refusal on its field, keeping what was typed", async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Check the highlighted fields',
          fields: { 'social.strava': brandMessages.socialInvalid('strava') },
        },
      },
    }));
    const { user } = renderScreen(<BrandForm brand={buildBrand()} />);
    await user.type(screen.getByLabelText(/^Phone/), '+47 22 33 44 55');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText(brandMessages.socialInvalid('strava'))).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('+47 22 33 44 55');
  });
});
