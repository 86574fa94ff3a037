import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPart } from '../../../testing/data.js';
import { renderScreen, stubFetch } from '../../../testing/render.js';
import { AddReviewsGrid } from './add-reviews-grid.js';

const reviewer = { name: 'Casey Customer', email: 'customer@sprocket.test' };
const parts = [buildPart(1), buildPart(2)];
const [reviewedPart, openPart] = parts as [(typeof parts)[0], (typeof parts)[0]];

beforeEach(() => {
  stubFetch(() => ({ status: 201, body: { acknowledged: true, insertedId: 'review-1' } }));
});

const cardOf = (name: string) =>
  screen
    .getAllByTestId('review-part-card')
    .find((card) => within(card).queryByRole('heading', { name }) !== null)!;

describe('AddReviewsGrid', () => {
  it('marks a part the customer reviewed already and refuses a second review before it is written', async () => {
    const { user } = renderScreen(
      <AddReviewsGrid
        parts={parts}
        reviewer={reviewer}
        reviewedPartIds={new Set([reviewedPart._id])}
      />,
    );
    const reviewed = cardOf(reviewedPart.productName);
    expect(within(reviewed).getByText('Reviewed')).toBeInTheDocument();
    expect(
      within(reviewed).getByRole('button', { name: `Add Review: ${reviewedPart.productName}` }),
    ).toBeDisabled();

    const open = cardOf(openPart.productName);
    expect(within(open).queryByText('Reviewed')).not.toBeInTheDocument();
    await user.click(
      within(open).getByRole('button', { name: `Add Review: ${openPart.productName}` }),
    );
    expect(
      await screen.findByRole('dialog', { name: `Review ${openPart.productName}` }),
    ).toBeInTheDocument();
  });
});
