import { describe, expect, it } from 'vitest';
import {
  optionsCell,
  picturesCell,
  readOptionsCell,
  readPicturesCell,
  readSizeOptionsCell,
  readSpecsCell,
  sizeOptionsCell,
  specsCell,
} from './catalogue-csv-cells.js';

describe("the catalogue CSV's list cells", () => {
  it('write specs as key: value pairs and read them back as text', () => {
    expect(specsCell({ wheelSize: '650b', tyreWidth: 47 })).toBe('wheelSize: 650b; tyreWidth: 47');
    expect(readSpecsCell('wheelSize: 650b; tyreWidth: 47;')).toEqual({
      value: { wheelSize: '650b', tyreWidth: '47' },
    });
    expect(readSpecsCell('')).toEqual({ value: {} });
    expect(readSpecsCell('speeds 12')).toEqual({
      problem: 'Write each as key: value, like speeds: 12, separated by ;',
    });
    expect(readSpecsCell('speeds: 11; speeds: 12')).toEqual({ problem: 'speeds appears twice' });
  });

  it('write options and their values, and read back names and values with separators in them', () => {
    const options = [
      { name: 'Size', values: ['700x28c', '650b; 47 | wide'] },
      { name: 'Fit: colour', values: ['Black\\matte', 'Two\nlines'] },
    ];
    const cell = optionsCell(options);
    expect(cell).toBe(
      'Size: 700x28c | 650b\\; 47 \\| wide; Fit\\: colour: Black\\\\matte | Two\\nlines',
    );
    expect(readOptionsCell(cell)).toEqual({ value: options });
    expect(readOptionsCell('Size 700c')).toMatchObject({
      problem: expect.stringContaining('Name: value'),
    });
  });

  it("write a size's values in its part's option order, one each", () => {
    const options = [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ];
    const cell = sizeOptionsCell({ Colour: 'Red', Size: 'M' }, options);
    expect(cell).toBe('Size: M; Colour: Red');
    expect(readSizeOptionsCell(cell)).toEqual({ value: { Size: 'M', Colour: 'Red' } });
    expect(readSizeOptionsCell('Size: S | M')).toEqual({ problem: 'A size has one Size' });
  });

  it('write pictures one a line, and describe an address alone by the part', () => {
    const pictures = [
      { url: '/api/files/a.png', alt: 'From the front | left' },
      { url: 'https://cdn.example/b.png', alt: 'Side' },
    ];
    const cell = picturesCell(pictures);
    expect(cell).toBe(
      '/api/files/a.png | From the front \\| left\nhttps://cdn.example/b.png | Side',
    );
    expect(readPicturesCell(cell, 'Chain')).toEqual({ value: pictures });
    expect(readPicturesCell('/parts/chain.svg\r\n\r\n', 'Chain')).toEqual({
      value: [{ url: '/parts/chain.svg', alt: 'Chain' }],
    });
    expect(readPicturesCell('| no address', 'Chain')).toMatchObject({
      problem: expect.any(String),
    });
  });
});
