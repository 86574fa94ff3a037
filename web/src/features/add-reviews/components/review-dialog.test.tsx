import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { ReviewDialog } from './review-dialog.js';

const part = {
  _id: 'velotrack-cx12-chain',
  productName: 'Velotrack CX12 Chain',
  img: '/parts/velotrack-cx12-chain.svg',
};
const reviewer = { name: 'Casey Customer', email: 'customer@sprocket.test' };

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
beforeEach(() => {
  answer = { status: 201, body: { acknowledged: true, insertedId: 'review-1' } };
  calls = stubFetch(() => answer);
});

function setup() {
  const onClose = vi.fn();
  const view = renderScreen(<ReviewDialog part={part} reviewer={reviewer} onClose={onClose} />);
  const submit = () => screen.getByRole('button', { name: 'Add Review' });
  const writeReview = async (text: string) => {
    await view.user.click(screen.getByLabelText(/Your review/));
    await view.user.paste(text);
  };
  // A click on the star's radio itself: jsdom has no layout, so MUI Rating's pointer tracking
  // (which follows the mouse across the stars) cannot work out which star is under it.
  const pickStars = (label: string) => fireEvent.click(screen.getByRole('radio', { name: label }));
  return { ...view, onClose, submit, writeReview, pickStars };
}

describe('ReviewDialog', () => {
  it('shows name and email read-only and starts with no stars', async () => {
    const { submit } = setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Casey Customer');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('customer@sprocket.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('radio', { name: 'Empty' })).toBeChecked();
    await waitFor(() => expect(submit()).toBeDisabled());
  });

  it('needs a star rating as well as the review text', async () => {
    const { submit, writeReview, pickStars } = setup();
    await writeReview('Shifts cleanly and has not stretched after 2,000 km.');
    await waitFor(() => expect(submit()).toBeDisabled());

    pickStars('4 Stars');
    await waitFor(() => expect(submit()).toBeEnabled());

    // Clearing the stars puts the rating back to 0, which is not allowed.
    pickStars('Empty');
    expect(await screen.findByText('Pick a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('needs the review text', async () => {
    const { submit, user, pickStars } = setup();
    pickStars('5 Stars');
    await user.click(screen.getByLabelText(/Your review/));
    await user.tab();
    expect(await screen.findByText('Review is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('posts the review with its part id and rating, confirms and closes', async () => {
    const { submit, writeReview, user, onClose, pickStars } = setup();
    await writeReview('Quiet and smooth.');
    pickStars('5 Stars');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Review Added')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/reviews',
        method: 'POST',
        body: {
          partId: 'velotrack-cx12-chain',
          productName: 'Velotrack CX12 Chain',
          img: '/parts/velotrack-cx12-chain.svg',
          email: 'customer@sprocket.test',
          review: 'Quiet and smooth.',
          rating: 5,
        },
      }),
    ]);
  });

  it('shows the API message and stays open when the part was already reviewed', async () => {
    answer = {
      status: 409,
      body: { error: { code: 'conflict', message: 'You have already reviewed this part' } },
    };
    const { submit, writeReview, user, onClose, pickStars } = setup();
    await writeReview('Again.');
    pickStars('3 Stars');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('You have already reviewed this part')).toBeInTheDocument();
    expect(screen.queryByText('Review Added')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
