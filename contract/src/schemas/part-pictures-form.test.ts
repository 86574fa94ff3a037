/** The product forms' pictures (decision 096): the list they send, checked by the API's rule. */
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import type { PartPicture } from '../parts/part-pictures.js';
import { picturesFromForm, picturesFormTest } from './part.js';

const front: PartPicture = {
  url: '/api/files/a.png',
  alt: 'From the front',
  renditions: [{ width: 320, avif: '/api/files/a-320.avif', webp: '/api/files/a-320.webp' }],
};
const side: PartPicture = { url: 'https://cdn.example/side.png', alt: 'From the side' };

describe('the product forms’ pictures', () => {
  const form = {
    productName: 'Chain',
    img: front.url,
    imgAlt: '',
    imgRenditions: { url: front.url, renditions: front.renditions ?? [] },
    morePictures: [side],
  };
  const schema = yup.object().test(picturesFormTest);

  it('send the main picture first, described by the name when its alt text is empty', () => {
    expect(picturesFromForm(form)).toEqual([{ ...front, alt: 'Chain' }, side]);
    // A retyped address loses the copies of the file it replaced.
    expect(picturesFromForm({ ...form, img: '/parts/other.svg' })[0]).toEqual({
      url: '/parts/other.svg',
      alt: 'Chain',
    });
  });

  it("are checked by the API's rule, each error on the form's field", () => {
    expect(schema.isValidSync(form)).toBe(true);
    const problems = (value: object) => {
      try {
        schema.validateSync(value, { abortEarly: false });
        return [];
      } catch (error) {
        return (error as yup.ValidationError).inner.map((inner) => [inner.path, inner.message]);
      }
    };
    expect(problems({ ...form, morePictures: [{ url: side.url, alt: ' ' }] })).toEqual([
      ['morePictures[0].alt', 'Describe the picture in a few words (its alt text)'],
    ]);
    expect(problems({ ...form, imgAlt: 'x'.repeat(151) })).toEqual([
      ['imgAlt', 'Alt text must be at most 150 characters'],
    ]);
    expect(problems({ ...form, morePictures: Array(8).fill(side) })).toEqual([
      ['morePictures', 'A part has at most 8 pictures'],
    ]);
  });
});
