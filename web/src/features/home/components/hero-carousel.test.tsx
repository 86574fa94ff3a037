import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render.js';
import { HeroCarousel, type Slide } from './hero-carousel.js';

const slide = (title: string): Slide => ({
  title,
  text: `${title} text`,
  cta: { label: `${title} link`, to: '/parts' },
  art: 'bicycle',
  background: '#000',
});

describe('HeroCarousel', () => {
  it('moves with the arrows and wraps around at both ends', async () => {
    const { user } = renderScreen(
      <HeroCarousel slides={[slide('One'), slide('Two'), slide('Three')]} />,
    );
    const title = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(title()).toBe('One');

    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(title()).toBe('Three');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(title()).toBe('One');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(title()).toBe('Three');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(title()).toBe('One');
    expect(screen.getByRole('group', { name: '1 of 3' })).toBeInTheDocument();
  });
});
