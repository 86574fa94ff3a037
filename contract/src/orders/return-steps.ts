/**
 * The words of a return (docs/decisions/098): why the parts go back and the steps a return takes.
 * Apart from return-rules.ts, since the entities name them and those rules read the entities.
 */

/** Why the parts go back, in the words of the form and the mails. */
export const returnReasonLabel = {
  too_small: 'Too small',
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  changed_mind: 'Changed mind',
  other: 'Other',
} as const;
export type ReturnReason = keyof typeof returnReasonLabel;
export const RETURN_REASONS = Object.keys(returnReasonLabel) as ReturnReason[];

/**
 * asked (by the customer) → approved (with instructions) → received (and refunded); asked →
 * refused (with a reason). Only an asked return is decided, only an approved one received.
 */
export type ReturnStatus = 'asked' | 'approved' | 'refused' | 'received';
export const RETURN_STATUSES: readonly ReturnStatus[] = [
  'asked',
  'approved',
  'refused',
  'received',
];

/** Each step as the timeline, the lists and the mails name it. */
export const returnStatusLabel: Record<ReturnStatus, string> = {
  asked: 'Return asked',
  approved: 'Return approved',
  refused: 'Return refused',
  received: 'Return received and refunded',
};
