import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueReview } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogueReview } from '../../../testing/data.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { reviewIdOf } from '../hooks/use-own-review-ids.js';
import { PartReviews } from './part-reviews.js';
import { deadline } from '../../../../../scripts/test-deadlines.js';

const PART = 'part-1';
const AUTHOR = 'casey@sprocket.test';

let calls: FetchCall[];
let reviews: CatalogueReview[];
beforeEach(async () => {
  reviews = [
    buildCatalogueReview(1, {
      _id: await reviewIdOf(AUTHOR, 'Part number 1'),
      name: 'Casey',
      rating: 4,
      review: 'Quiet and smooth.',
      verifiedPurchase: true,
    }),
    buildCatalogueReview(2, {
      partId: PART,
      productName: 'Part number 1',
      name: 'Robin',
      review: 'Buy it.',
    }),
  ];
  calls = stubFetch(({ method, url }) => {
    if (method === 'GET') return { body: reviews };
    if (method === 'PATCH') return { body: { ...reviews[0], rating: 5, editedAt: 'now' } };
    if (method === 'DELETE' && url.endsWith(reviews[1]?._id ?? ''))
      return { body: { acknowledged: true, deletedCount: 1 } };
    return { body: { acknowledged: true, deletedCount: 1 } };
  });
});

const reviewBy = async (name: string) =>
  within(await screen.findByRole('article', { name: `Review by ${name}` }));

describe('PartReviews', () => {
  it('lists the part’s reviews with the "Verified purchase" badge on a bought part’s', async () => {
    renderScreen(<PartReviews partId={PART} viewer={{ email: null, isAdmin: false }} />);
    expect(await screen.findByRole('heading', { name: 'Reviews (2)' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/reviews?partId=part-1');
    expect((await reviewBy('Casey')).getByText('Verified purchase')).toBeInTheDocument();
    expect((await reviewBy('Robin')).queryByText('Verified purchase')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit|Delete|Remove/ })).not.toBeInTheDocument();
  });

  it(
    'lets the author edit their review by the review form’s rules',
    async () => {
      const { user } = renderScreen(
        <PartReviews partId={PART} viewer={{ email: AUTHOR, isAdmin: false }} />,
      );
      const own = await reviewBy('Casey');
      const edit = await own.findByRole('button', { name: 'Edit' });
      expect((await reviewBy('Robin')).queryByRole('button')).not.toBeInTheDocument();
      await user.click(edit);

      const dialog = within(await screen.findByRole('dialog'));
      const text = dialog.getByRole('textbox', { name: /Your review/ });
      await user.clear(text);
      expect(await dialog.findByText('Review is required')).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Save review' })).toBeDisabled();
      await user.type(text, 'Better.');
      fireEvent.click(dialog.getByRole('radio', { name: '5 Stars' }));
      await user.click(dialog.getByRole('button', { name: 'Save review' }));

      expect(await screen.findByText('Review Updated')).toBeInTheDocument();
      const patch = calls.find((call) => call.method === 'PATCH');
      expect(patch?.url).toBe(`/api/reviews/${reviews[0]?._id}`);
      expect(patch?.body).toEqual({ rating: 5, review: 'Better.' });
    },
    deadline(15_000),
  );

  it('lets the author delete their review after asking, with no reason sent', async () => {
    const { user } = renderScreen(
      <PartReviews partId={PART} viewer={{ email: AUTHOR, isAdmin: false }} />,
    );
    await user.click(await (await reviewBy('Casey')).findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete review' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toBe(`/api/reviews/${reviews[0]?._id}`);
    expect(removal?.body).toBeUndefined();
  });

  it('lets an admin remove anyone’s review, only with a reason', async () => {
    const { user } = renderScreen(
      <PartReviews partId={PART} viewer={{ email: 'admin@sprocket.test', isAdmin: true }} />,
    );
    await user.click(await (await reviewBy('Robin')).findByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog'));
    // Disabled from the moment it opens: the empty reason is checked before the first render.
    expect(dialog.getByRole('button', { name: 'Remove review' })).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /Reason for removal/ }), 'Spam link');
    await user.click(dialog.getByRole('button', { name: 'Remove review' }));
    expect(await screen.findByText("Removed Robin's review")).toBeInTheDocument();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toBe(`/api/reviews/${reviews[1]?._id}`);
    expect(removal?.body).toEqual({ reason: 'Spam link' });
  });
});
