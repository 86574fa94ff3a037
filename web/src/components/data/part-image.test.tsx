import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartImage } from './part-image.js';

describe('PartImage', () => {
  it('shows the picture under its alt text', () => {
    render(<PartImage src="/parts/chain.svg" alt="Chain" />);
    expect(screen.getByRole('img', { name: 'Chain' })).toHaveAttribute('src', '/parts/chain.svg');
    expect(screen.queryByTestId('part-image-placeholder')).not.toBeInTheDocument();
  });

  it('shows the placeholder, named by the alt text, when there is no address', () => {
    render(<PartImage src="  " alt="Brake pads" />);
    const placeholder = screen.getByRole('img', { name: 'Brake pads' });
    expect(placeholder).toHaveAttribute('data-testid', 'part-image-placeholder');
    expect(placeholder.tagName).not.toBe('IMG');
  });

  it('swaps a picture that fails to load for the placeholder, and tries a new address', () => {
    const { rerender } = render(<PartImage src="/missing.png" alt="Saddle" />);
    fireEvent.error(screen.getByRole('img', { name: 'Saddle' }));
    expect(screen.getByTestId('part-image-placeholder')).toHaveAccessibleName('Saddle');
    expect(document.querySelector('img')).toBeNull();

    rerender(<PartImage src="/parts/saddle.svg" alt="Saddle" />);
    expect(screen.getByRole('img', { name: 'Saddle' })).toHaveAttribute('src', '/parts/saddle.svg');
  });

  it("offers an upload's AVIF and WebP copies by width in a <picture>, the original as fallback", () => {
    const renditions = [320, 640].map((width) => ({
      width,
      avif: `/api/files/a-${width}.avif`,
      webp: `/api/files/a-${width}.webp`,
    }));
    render(<PartImage src="/api/files/a.png" alt="Chain" renditions={renditions} sizes="300px" />);
    const image = screen.getByRole('img', { name: 'Chain' });
    expect(image).toHaveAttribute('src', '/api/files/a.png');
    const picture = image.parentElement;
    expect(picture?.tagName).toBe('PICTURE');
    const sources = [...(picture?.querySelectorAll('source') ?? [])].map((source) => [
      source.getAttribute('type'),
      source.getAttribute('srcset'),
      source.getAttribute('sizes'),
    ]);
    expect(sources).toEqual([
      ['image/avif', '/api/files/a-320.avif 320w, /api/files/a-640.avif 640w', '300px'],
      ['image/webp', '/api/files/a-320.webp 320w, /api/files/a-640.webp 640w', '300px'],
    ]);
  });
});
