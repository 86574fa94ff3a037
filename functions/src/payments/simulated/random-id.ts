/** Random letters and digits for the ids and secrets the simulated gateway makes. */
import { randomBytes } from 'node:crypto';

export const alphanumeric = (bytes: number) => randomBytes(bytes).toString('hex');
