/** The edit dialog's pictures (issue 36 item 3): upload several, describe, reorder, remove. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICTURES_MAX, type CataloguePart, type PartPicture } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCataloguePart } from '../../../testing/data.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { EditProductDialog } from './edit-product-dialog.js';

const front: PartPicture = {
  url: '/api/files/front.jpg',
  alt: 'The chain from the front',
  renditions: [
    { width: 320, avif: '/api/files/front-320.avif', webp: '/api/files/front-320.webp' },
  ],
};
const side: PartPicture = { url: '/parts/chain-side.svg', alt: 'The chain from the side' };
const box: PartPicture = { url: '/parts/chain-box.svg', alt: 'The chain in its box' };
const pictured = (images: PartPicture[]): CataloguePart =>
  buildCataloguePart(1, { productName: 'Velotrack CX12 Chain', img: images[0]?.url, images });

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

let calls: FetchCall[];
let uploaded = 0;
beforeEach(() => {
  uploaded = 0;
  calls = stubFetch((call) => {
    if (call.url !== '/api/parts/images') return { body: { acknowledged: true, modifiedCount: 1 } };
    uploaded += 1;
    return {
      status: 201,
      body: {
        url: `/api/files/new-${uploaded}.png`,
        renditions: [
          {
            width: 320,
            avif: `/api/files/new-${uploaded}-320.avif`,
            webp: `/api/files/new-${uploaded}-320.webp`,
          },
        ],
      },
    };
  });
});

function setup(part: CataloguePart) {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderScreen(<EditProductDialog part={part} onClose={() => undefined} />);
  const dialog = within(screen.getByRole('dialog'));
  const save = () => dialog.getByRole('button', { name: 'Save' });
  return { ...view, user, dialog, save };
}
const patches = () => calls.filter((call) => call.method === 'PATCH');

describe('MorePicturesEditor', () => {
  it('shows each picture with its alt text, and makes the second the main one', async () => {
    const { dialog, user, save } = setup(pictured([front, side, box]));
    expect(dialog.getByLabelText(/Image URL/)).toHaveValue(front.url);
    expect(dialog.getByLabelText('Main picture alt text')).toHaveValue(front.alt);
    expect(dialog.getByLabelText(/Picture 2 alt text/)).toHaveValue(side.alt);
    expect(dialog.getByLabelText(/Picture 3 alt text/)).toHaveValue(box.alt);

    await user.click(dialog.getByRole('button', { name: 'Make picture 2 the main picture' }));
    expect(dialog.getByLabelText(/Image URL/)).toHaveValue(side.url);
    expect(dialog.getByLabelText('Main picture alt text')).toHaveValue(side.alt);
    expect(dialog.getByLabelText(/Picture 2 alt text/)).toHaveValue(front.alt);
    await user.click(dialog.getByRole('button', { name: 'Remove picture 3' }));

    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patches()).toHaveLength(1));
    // The list in its new order, the upload's copies kept with their picture; img follows it.
    expect(patches()[0]?.body).toEqual({ images: [side, front] });
  });

  it('uploads several files, asks for each alt text, and sends them in order', async () => {
    const { dialog, user, save } = setup(pictured([side]));
    await user.upload(dialog.getByLabelText('Picture files'), [png('a.png'), png('b.png')]);
    const second = await dialog.findByLabelText(/Picture 2 alt text/);
    expect(dialog.getByLabelText(/Picture 3 alt text/)).toHaveValue('');
    expect(
      await dialog.findAllByText('Describe the picture in a few words (its alt text)'),
    ).toHaveLength(2);
    await waitFor(() => expect(save()).toBeDisabled());

    await user.type(second, 'The chain on a cassette');
    await user.type(dialog.getByLabelText(/Picture 3 alt text/), 'The quick link');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]?.body).toEqual({
      images: [
        side,
        expect.objectContaining({ url: '/api/files/new-1.png', alt: 'The chain on a cassette' }),
        expect.objectContaining({ url: '/api/files/new-2.png', alt: 'The quick link' }),
      ],
    });
  });

  it('refuses a file of another type and one past the most pictures, keeping those it has', async () => {
    const seven = Array.from({ length: PICTURES_MAX - 2 }, (_, index) => ({
      url: `/parts/view-${index}.svg`,
      alt: `View ${index}`,
    }));
    const { dialog, user } = setup(pictured([front, ...seven]));
    await user.upload(dialog.getByLabelText('Picture files'), [
      new File(['GIF89a'], 'old.gif', { type: 'image/gif' }),
      png('last.png'),
      png('one-too-many.png'),
    ]);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('old.gif: Upload a PNG, JPEG or WebP image');
    expect(alert).toHaveTextContent(
      `one-too-many.png: A part has at most ${PICTURES_MAX} pictures`,
    );
    expect(await dialog.findByLabelText(/Picture 8 alt text/)).toHaveValue('');
    expect(dialog.getByLabelText(/Picture 2 alt text/)).toHaveValue('View 0');
    expect(calls.filter((call) => call.url === '/api/parts/images')).toHaveLength(1);
    expect(dialog.getByRole('button', { name: 'Upload pictures' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
