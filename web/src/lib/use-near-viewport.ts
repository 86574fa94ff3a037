import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen a section counts as near: about a phone screen's scroll. */
const NEAR = '800px 0px';

/**
 * False until the element comes within about a screen of the viewport, then true for good: what
 * a page shows far below the fold (the home page's contact form, with formik and yup) loads and
 * renders when the visitor scrolls towards it, not while the page is loading and being hydrated
 * (docs/decisions/058). Where the browser has no IntersectionObserver (jsdom), at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
