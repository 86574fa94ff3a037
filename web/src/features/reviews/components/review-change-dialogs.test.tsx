import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCatalogueReview } from '../../../testing/data.js';
import { renderScreen } from '../../../testing/render.js';
import { RemoveReviewDialog } from './review-change-dialogs.js';

describe('RemoveReviewDialog', () => {
  it('offers Remove review disabled from its first render, before a reason is typed', () => {
    renderScreen(<RemoveReviewDialog review={buildCatalogueReview(1)} onClose={() => undefined} />);
    // No waiting: formik's own check on opening answers only after the first render.
    expect(screen.getByRole('button', { name: 'Remove review' })).toBeDisabled();
  });
});
