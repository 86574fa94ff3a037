let given = 0;

/**
 * A network address no caller in this test file had before, so the per-address limits of one
 * request never meet another's (198.18.0.0/15 is set aside for tests).
 */
export const newNetworkAddress = (): string => {
  given += 1;
  return `198.18.${given >> 8}.${given & 255}`;
};
