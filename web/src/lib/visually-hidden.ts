/**
 * Styles (an `sx` value) that keep an element for screen readers and out of sight. Sizes are
 * strings: in `sx` a bare 1 means 100%, which would stretch the element across its container and
 * widen the page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
