import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadMessages,
  type CataloguePart,
} from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPart } from '../../../testing/data.js';
import {
  renderScreen,
  stubFetch,
  type FetchCall,
  type StubAnswer,
} from '../../../testing/render.js';
import { EditProductDialog } from './edit-product-dialog.js';
import { imageFileProblem } from './image-field.js';

const part: CataloguePart = {
  ...buildPart(1, { productName: 'Velotrack CX12 Chain' }),
  category: 'drivetrain',
  averageRating: null,
  reviewCount: 0,
  options: [],
  variants: [],
  specs: {},
  images: [{ url: '/parts/part-1.svg', alt: 'Velotrack CX12 Chain' }],
};

/** The first bytes of a PNG: enough for a file the browser calls image/png. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = () => new File([PNG_BYTES], 'wheel.png', { type: 'image/png' });

let calls: FetchCall[];
let uploadAnswer: StubAnswer;
beforeEach(() => {
  uploadAnswer = { status: 201, body: { url: '/api/files/0a1b2c.png' } };
  calls = stubFetch((call) =>
    call.url === '/api/parts/images'
      ? uploadAnswer
      : { body: { acknowledged: true, modifiedCount: 1 } },
  );
});

function setup() {
  // Files of any type reach the field, as a file picker's "All files" would let them.
  const user = userEvent.setup({ applyAccept: false });
  const view = renderScreen(<EditProductDialog part={part} onClose={() => undefined} />);
  const dialog = within(screen.getByRole('dialog'));
  const choose = (file: File) => user.upload(dialog.getByLabelText('Image file'), file);
  return { ...view, user, dialog, choose };
}

const uploads = () => calls.filter((call) => call.url === '/api/parts/images');

describe('imageFileProblem', () => {
  it('takes PNG, JPEG and WebP up to the limit, and names what is wrong otherwise', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(imageFileProblem(new File([PNG_BYTES], 'a', { type }))).toBeNull();
    expect(imageFileProblem(new File([PNG_BYTES], 'a.gif', { type: 'image/gif' }))).toBe(
      imageUploadMessages.wrongType,
    );
    expect(
      imageFileProblem(
        new File([new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
      ),
    ).toBe(imageUploadMessages.tooLarge);
    expect(imageFileProblem(new File([], 'empty.png', { type: 'image/png' }))).toBe(
      imageUploadMessages.empty,
    );
  });
});

describe('ImageField', () => {
  it('only lets the picker offer PNG, JPEG and WebP files', () => {
    const { dialog } = setup();
    expect(dialog.getByLabelText('Image file')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/webp',
    );
  });

  it("uploads the file's bytes, puts the answered address in Image URL and previews it", async () => {
    const { dialog, choose } = setup();
    const file = png();
    await choose(file);

    await waitFor(() =>
      expect(dialog.getByLabelText(/Image URL/)).toHaveValue('/api/files/0a1b2c.png'),
    );
    expect(uploads()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: file,
        headers: expect.objectContaining({ 'content-type': 'image/png' }),
      }),
    ]);
    expect(dialog.getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute(
      'src',
      '/api/files/0a1b2c.png',
    );
  });

  it('refuses another type of file in the browser, sending nothing', async () => {
    const { dialog, choose } = setup();
    await choose(new File(['not a picture'], 'notes.txt', { type: 'text/plain' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Upload a PNG, JPEG or WebP image');
    expect(uploads()).toHaveLength(0);
    expect(dialog.getByLabelText(/Image URL/)).toHaveValue('/parts/part-1.svg');
  });

  it('refuses a file over 2 MB in the browser, sending nothing', async () => {
    const { dialog, choose } = setup();
    await choose(
      new File([new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' }),
    );
    expect(await dialog.findByRole('alert')).toHaveTextContent('The image must be at most 2 MB');
    expect(uploads()).toHaveLength(0);
  });

  it("shows the server's refusal of a file whose bytes are no image (415)", async () => {
    uploadAnswer = {
      status: 415,
      body: {
        error: { code: 'unsupported_media_type', message: 'Upload a PNG, JPEG or WebP image' },
      },
    };
    const { dialog, choose } = setup();
    await choose(new File(['plain text'], 'fake.png', { type: 'image/png' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Upload a PNG, JPEG or WebP image');
    expect(uploads()).toHaveLength(1);
    expect(dialog.getByLabelText(/Image URL/)).toHaveValue('/parts/part-1.svg');
    // Shown in place, not also as a toast.
    expect(screen.getAllByText('Upload a PNG, JPEG or WebP image')).toHaveLength(1);
  });
});
