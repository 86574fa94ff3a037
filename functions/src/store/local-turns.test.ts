/** Turns of one process on the same documents (decisions 063 and 084). */
import { describe, expect, it } from 'vitest';
import { localTurns, RESERVE_AFTER_MS } from './local-turns.js';
import { StoreUnavailableError } from './port.js';

/** A turn's body that runs until `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('localTurns', () => {
  it('runs turns that share a key one at a time, in arrival order', async () => {
    const turns = localTurns(10_000);
    const log: string[] = [];
    const [first, second, third] = ['first', 'second', 'third'].map((name) => gate(log, name));
    const answers = [
      turns.inTurn(['parts/a'], first!.run),
      turns.inTurn(['parts/a'], second!.run),
      turns.inTurn(['parts/a'], third!.run),
    ];
    await tick();
    expect(log).toEqual(['first']);
    first!.finish();
    await tick();
    expect(log).toEqual(['first', 'second']);
    second!.finish();
    third!.finish();
    expect(await Promise.all(answers)).toEqual(['first', 'second', 'third']);
  });

  it('an order of A and B waiting for B does not hold up the orders of A alone behind it', async () => {
    const turns = localTurns(10_000);
    const log: string[] = [];
    const [onB, onAandB, onA] = ['B', 'A+B', 'A'].map((name) => gate(log, name));
    const answers = [
      turns.inTurn(['parts/b'], onB!.run),
      turns.inTurn(['parts/a', 'parts/b'], onAandB!.run),
      turns.inTurn(['parts/a'], onA!.run),
    ];
    await tick();
    expect(log).toEqual(['B', 'A']);
    onA!.finish();
    onB!.finish();
    await tick();
    expect(log).toEqual(['B', 'A', 'A+B']);
    onAandB!.finish();
    await Promise.all(answers);
  });

  it('one that has waited long enough keeps its keys from those that came later', async () => {
    let clock = 0;
    const turns = localTurns(10_000, undefined, () => clock);
    const log: string[] = [];
    const [onB, onAandB, onA] = ['B', 'A+B', 'A'].map((name) => gate(log, name));
    const answers = [
      turns.inTurn(['parts/b'], onB!.run),
      turns.inTurn(['parts/a', 'parts/b'], onAandB!.run),
    ];
    clock += RESERVE_AFTER_MS;
    answers.push(turns.inTurn(['parts/a'], onA!.run));
    await tick();
    expect(log).toEqual(['B']);
    onB!.finish();
    await tick();
    expect(log).toEqual(['B', 'A+B']);
    onAandB!.finish();
    await tick();
    expect(log).toEqual(['B', 'A+B', 'A']);
    onA!.finish();
    await Promise.all(answers);
  });

  it('turns one away with a 503 to ask again in a second when its keys stay taken too long', async () => {
    const turns = localTurns(50);
    const log: string[] = [];
    const holder = gate(log, 'holder');
    const held = turns.inTurn(['parts/a'], holder.run);
    const refused = await turns.inTurn(['parts/a'], async () => 'ran').catch((error) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect(refused).toMatchObject({
      message: 'Too many orders are waiting for these parts',
      retryAfterSeconds: 1,
    });
    holder.finish();
    await held;
    expect(await turns.inTurn(['parts/a'], async () => 'ran')).toBe('ran');
  });
});
