import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FETCHING_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  useFetchingMarker,
  useHydratedMarker,
} from './page-state.js';

const html = document.documentElement;

function Page({ answer }: { answer: Promise<string> }) {
  useHydratedMarker();
  useFetchingMarker();
  const { data } = useQuery({ queryKey: ['answer'], queryFn: () => answer });
  return <p>{data ?? 'Loading'}</p>;
}

describe('what the page says of itself on <html>', () => {
  afterEach(() => {
    html.removeAttribute(HYDRATED_ATTRIBUTE);
    html.removeAttribute(FETCHING_ATTRIBUTE);
  });

  it('is hydrated once rendered, and fetching exactly while a query waits for the API', async () => {
    let answer = (_: string) => {};
    const pending = new Promise<string>((resolve) => (answer = resolve));
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <Page answer={pending} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(html.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true));
    expect(html.hasAttribute(FETCHING_ATTRIBUTE)).toBe(true);
    expect(view.getByText('Loading')).toBeTruthy();

    answer('Ready');
    await view.findByText('Ready');
    await waitFor(() => expect(html.hasAttribute(FETCHING_ATTRIBUTE)).toBe(false));
    expect(html.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true);
  });
});
