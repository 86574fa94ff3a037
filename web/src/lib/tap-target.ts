/**
 * Styles (an `sx` value) for a link that stands on its own: on a phone a 44 px row, tall and wide
 * enough for a finger (docs/decisions/031); inline again from the small breakpoint up. A link
 * inside a sentence keeps the sentence's line instead.
 */
export const phoneTapTarget = {
  display: { xs: 'inline-flex', sm: 'inline' },
  alignItems: 'center',
  minHeight: { xs: 44 },
  minWidth: { xs: 44 },
} as const;
