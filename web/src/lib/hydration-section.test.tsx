import { act } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { hydrate } from '../testing/hydrate.js';
import { HydrationSection, useSectionsHydrated } from './hydration-section.js';
import { useHydrated } from './use-hydrated.js';

/** A control that works only once hydrated, logging what it first rendered as. */
function Control({ name, log }: { name: string; log: string[] }) {
  const hydrated = useHydrated();
  const [first] = useState(hydrated ? 'live' : 'server');
  log.push(`${name} ${hydrated ? 'live' : 'server'}`);
  return <button disabled={!hydrated}>{`${name} (${first})`}</button>;
}

describe('a hydration section', () => {
  it('is hydrated after the rest of the page, from the server’s HTML, and its controls then work', async () => {
    const log: string[] = [];
    const sectionsDone: boolean[] = [];
    function Page() {
      const done = useSectionsHydrated();
      sectionsDone.push(done);
      return (
        <main>
          <Control name="header" log={log} />
          <HydrationSection>
            <Control name="screen" log={log} />
            <HydrationSection>
              <Control name="footer" log={log} />
            </HydrationSection>
          </HydrationSection>
        </main>
      );
    }
    const container = await hydrate(() => <Page />, log, sectionsDone);

    // The server's HTML has a Suspense boundary for each section, which React hydrated apart.
    expect(container.innerHTML.match(/<!--\$-->/g)).toHaveLength(2);
    // Every control was first hydrated as the server rendered it (no mismatch), the header before
    // the screen and the screen before the footer, then each switched to its live state.
    expect(log.filter((entry) => entry.endsWith('server'))).toEqual([
      'header server',
      'screen server',
      'footer server',
    ]);
    for (const button of container.querySelectorAll('button')) {
      expect(button.textContent).toMatch(/\(server\)$/);
      expect(button.disabled).toBe(false);
    }
    // The page was told hydrated only once the last section was.
    expect(sectionsDone.at(0)).toBe(false);
    expect(sectionsDone.at(-1)).toBe(true);
  });

  it('renders what mounts in it later as the browser’s, not the server’s', async () => {
    const log: string[] = [];
    let showMore: (() => void) | undefined;
    function Screen() {
      const [more, setMore] = useState(false);
      showMore = () => setMore(true);
      return (
        <>
          <Control name="first" log={log} />
          {more && <Control name="later" log={log} />}
        </>
      );
    }
    const container = await hydrate(
      () => (
        <HydrationSection>
          <Screen />
        </HydrationSection>
      ),
      log,
    );
    await act(async () => showMore?.());

    expect(log).toContain('later live');
    expect(log).not.toContain('later server');
    expect(container.textContent).toContain('later (live)');
  });

  it('is only its children on a page the browser renders itself', async () => {
    const { createRoot } = await import('react-dom/client');
    const log: string[] = [];
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <HydrationSection>
          <Control name="screen" log={log} />
        </HydrationSection>,
      );
    });
    onTestFinished(() => act(() => root.unmount()));

    expect(log).toEqual(['screen live']);
    expect(container.innerHTML).toBe('<button>screen (live)</button>');
  });
});
