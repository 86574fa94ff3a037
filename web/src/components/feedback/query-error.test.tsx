import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render.js';
import { QueryError } from './query-error.js';

describe('QueryError', () => {
  it('says what went wrong and reads the list again on Retry', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    const { user } = renderScreen(
      <QueryError
        query={{ error: new Error('The shop could not be reached'), isFetching: false, refetch }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The shop could not be reached');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
