import {
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';
import { SectionHydrationContext, useIsHydrating, type SectionHydration } from './use-hydrated.js';

/** The sections of the server's page that React has not hydrated yet. */
let pendingSections = 0;
const sectionsListeners = new Set<() => void>();

const notifyIfNonePending = () => {
  if (pendingSections === 0) sectionsListeners.forEach((listener) => listener());
};

type Section = SectionHydration & { counted: boolean };

/** Counts `section` off; `notify` once none is pending, now or after this task's commit. */
function uncount(section: Section, notify: 'now' | 'after the commit') {
  if (!section.counted) return;
  section.counted = false;
  pendingSections -= 1;
  if (notify === 'now') notifyIfNonePending();
  // Strict Mode's development run unmounts a new section and mounts it again in one commit.
  else queueMicrotask(notifyIfNonePending);
}

/**
 * A part of a page the server rendered that React hydrates after the rest, in a commit of its own
 * (docs/decisions/118). React leaves a Suspense boundary of the server's HTML as it is while it
 * hydrates what is around it, and hydrates it in a later render, committed apart: one long commit
 * of the whole page becomes one per level of sections. What renders inside knows it is being
 * hydrated (useIsHydrating) until its section's commit; on a page the browser renders itself a
 * section is only its children.
 */
export function HydrationSection({ children }: { children: ReactNode }) {
  const fromServer = useIsHydrating();
  const [section] = useState(() => ({ hydrating: fromServer, counted: false }));
  useLayoutEffect(() => {
    if (!section.hydrating) return;
    section.counted = true;
    pendingSections += 1;
    // A section removed before it was hydrated (the visitor went to another page) is done too.
    return () => uncount(section, 'after the commit');
  }, [section]);
  return (
    <SectionHydrationContext value={section}>
      <Suspense>
        {children}
        <SectionHydrated section={section} />
      </Suspense>
    </SectionHydrationContext>
  );
}

/** Last in its section: marks it hydrated once everything before it has been. */
function SectionHydrated({ section }: { section: Section }) {
  // What mounts in the section from its commit on is the browser's, not the server's.
  useLayoutEffect(() => {
    section.hydrating = false;
  }, [section]);
  // After the section's own effects, so a page is told hydrated in the same transition as the
  // section's controls switch to their live state (lib/page-state.ts).
  useEffect(() => uncount(section, 'now'), [section]);
  return null;
}

/** Whether every section of the server's page has been hydrated (true at once when it had none). */
export function useSectionsHydrated(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const check = () => {
      if (pendingSections === 0) startTransition(() => setDone(true));
    };
    check();
    sectionsListeners.add(check);
    return () => {
      sectionsListeners.delete(check);
    };
  }, []);
  return done;
}
