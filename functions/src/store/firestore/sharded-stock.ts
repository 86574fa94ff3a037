/**
 * Firestore's stock (docs/decisions/033): Firestore sustains about one write a second on one
 * document, so a part whose stock is one field sells about one order a second. Here a part's
 * units are spread over `shards` documents in `stockShards` (`{collection}_{id}_{n}`, created when
 * first written), and an order takes from one of them picked at random: orders on a hot part
 * write different documents, and the part's own document is not written per order.
 *
 * The part's `quantity` field still counts: it holds units not spread yet (a new part's first
 * stock, parts stored before the shards). The stock is that field plus every shard. An order reads
 * one shard picked at random, and all of them only when that one cannot serve it; only an order
 * that all the shards cannot serve takes from the field, and spreads the rest of it; Add Product
 * and Add Stock spread their units. No shard goes below zero, and an order is
 * short only when every unit of the part together is less than it wants.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  STOCK_COLLECTION,
  type DocData,
  type StockLedger,
  type Stocked,
  type StoreReader,
  type Transaction,
  onlyQuantity,
  StoreUnavailableError,
} from '../port.js';
import { localTurns } from '../local-turns.js';
import { stockKey, unitsByDoc } from '../stock-in-field.js';

/**
 * Shards per part: 20 sustain about 20 orders a second on one part (the launch goal is 500 a
 * minute, 8.3 a second) with room for random picks that land together.
 */
export const STOCK_SHARDS = 20;

/**
 * The longest an order may take to be answered (docs/decisions/092): half the minute Cloud
 * Functions and Hosting give a request. An order waits in line for it rather than being answered
 * 503 and asked again at the back of the line.
 */
export const ANSWER_WITHIN_MS = 30_000;

/**
 * The longest an order waits for the orders of this instance before it on the same parts, before
 * it is answered 503 with Retry-After (docs/decisions/063, 092): it leaves its transaction
 * (firestore-store.ts, 4 s) and one more try of it within ANSWER_WITHIN_MS.
 */
export const TURN_WAIT_MS = 20_000;

/** Up to this many documents are counted by a query each; more by reading every shard once. */
const FEW_DOCS = 5;

export type StockShardDoc = { owner: string; shard: number; units: number } & DocData;

const shardId = (doc: Stocked, shard: number) => `${doc.collection}_${doc.id}_${shard}`;

/** The document a shard counts for, read back from its id (collection names have no "_"). */
const shardOwner = (shard: string) => {
  const [, collection, id] = /^([^_]+)_(.+)_\d+$/.exec(shard) ?? [];
  return collection && id ? { collection, id } : undefined;
};

/** `units` over `count` shards as evenly as whole units go; the first ones get the remainder. */
export function spread(units: number, count: number): number[] {
  const base = Math.floor(units / count);
  const rest = units - base * count;
  return Array.from({ length: count }, (_, shard) => base + (shard < rest ? 1 : 0));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

export interface ShardedStockOptions {
  /** Shards per document (STOCK_SHARDS). */
  shards?: number;
  /** Picks shards; a number from 0 to 1 (Math.random). */
  random?: () => number;
  /**
   * The store outside transactions. When a part runs low, the shard picked at random is often
   * empty; a read of every shard here, which holds no lock, names one that has units, so the
   * transaction reads two shards instead of all of them (which would contend with every order).
   */
  hints?: StoreReader;
  /** TURN_WAIT_MS. */
  turnWaitMs?: number;
  /** ANSWER_WITHIN_MS. */
  answerWithinMs?: number;
  /** How long one transaction may take (firestore-store.ts): a try needs that much time left. */
  transactionDeadlineMs?: number;
}

export function shardedStock(options: ShardedStockOptions = {}): StockLedger {
  const { shards = STOCK_SHARDS, random = Math.random, hints } = options;
  const pick = () => Math.floor(random() * shards);
  const turns = localTurns(options.turnWaitMs ?? TURN_WAIT_MS);
  const answerWithinMs = options.answerWithinMs ?? ANSWER_WITHIN_MS;
  const transactionMs = options.transactionDeadlineMs ?? 0;

  /**
   * The units this instance last saw in each shard of a document (its own reads and writes): the
   * orders of one instance on a part take turns, so this is what the shards hold unless another
   * instance took from them since, and a first pick from it seldom lands on an empty shard when
   * the part runs low. Only a guess: the transaction reads the shard all the same.
   */
  const lastSeen = new Map<string, Map<number, number>>();
  const see = (doc: Stocked, shard: number, units: number) => {
    const seen = lastSeen.get(stockKey(doc)) ?? new Map<number, number>();
    seen.set(shard, units);
    lastSeen.set(stockKey(doc), seen);
  };

  /**
   * The shards a transaction of this instance has picked first and not finished with, by
   * document: another one picks a different shard, so that orders on different parts with one
   * code (whose uses are stock too) do not wait on each other's locks (docs/decisions/084). Kept
   * for the turns' transactions (inTurn), which end where the claims are given back.
   */
  const inUse = new Map<string, Set<number>>();
  const claims = new AsyncLocalStorage<[string, number][]>();
  const usedByOthers = (doc: Stocked) => inUse.get(stockKey(doc)) ?? new Set<number>();
  const claim = (doc: Stocked, shard: number) => {
    const mine = claims.getStore();
    if (!mine) return;
    const key = stockKey(doc);
    inUse.set(key, usedByOthers(doc).add(shard));
    mine.push([key, shard]);
  };
  const release = (mine: [string, number][]) => {
    for (const [key, shard] of mine) {
      const used = inUse.get(key);
      used?.delete(shard);
      if (used?.size === 0) inUse.delete(key);
    }
  };
  /** A shard picked at random among those no other transaction of this instance holds. */
  const freePick = (doc: Stocked) => {
    const used = usedByOthers(doc);
    const free = Array.from({ length: shards }, (_, shard) => shard).filter(
      (shard) => !used.has(shard),
    );
    return free.length > 0 ? free[Math.floor(random() * free.length)]! : pick();
  };

  /**
   * One of `candidates` (shard and units) that holds `wanted`, weighted by units: the fuller a
   * shard, the likelier, so the shards run out together and the last units are spread over as
   * many documents (and their write rates) as can be.
   */
  const weightedPick = (
    candidates: [number, number][],
    wanted: number,
    tried?: number,
    used = new Set<number>(),
  ) => {
    const holders = candidates.filter(
      ([shard, units]) => units >= wanted && shard !== tried && shard < shards && !used.has(shard),
    );
    let at = random() * sum(holders.map(([, units]) => units));
    return holders.find(([, units]) => (at -= units) < 0)?.[0];
  };

  /** A shard other than `tried` that held `wanted` a moment ago, read outside the transaction. */
  const hintedShard = async (doc: Stocked, wanted: number, tried: number) => {
    if (!hints) return undefined;
    const seen = await hints.query<StockShardDoc>(STOCK_COLLECTION, {
      where: [{ field: 'owner', op: '==', value: stockKey(doc) }],
    });
    for (const { data } of seen) see(doc, data.shard, data.units);
    return weightedPick(
      seen.map(({ data }) => [data.shard, data.units]),
      wanted,
      tried,
      usedByOthers(doc),
    );
  };

  const readShard = async (reader: StoreReader, doc: Stocked, shard: number) => {
    const units =
      (await reader.get<StockShardDoc>(STOCK_COLLECTION, shardId(doc, shard)))?.data.units ?? 0;
    see(doc, shard, units);
    return units;
  };

  const writeShard = (tx: Transaction, doc: Stocked, shard: number, units: number) => {
    see(doc, shard, units);
    tx.set(STOCK_COLLECTION, shardId(doc, shard), { owner: stockKey(doc), shard, units });
  };

  /**
   * Every shard of the document, by number (a missing one is 0). Read one by one, by id, so that a
   * transaction holds exactly these documents (Firestore locks what a transaction reads).
   */
  const readAll = (reader: StoreReader, doc: Stocked): Promise<number[]> =>
    Promise.all(Array.from({ length: shards }, (_, shard) => readShard(reader, doc, shard)));

  /** Writes the shards whose units changed from `before` (undefined: not read, not written). */
  const writeChanged = (
    tx: Transaction,
    doc: Stocked,
    before: readonly (number | undefined)[],
    after: readonly (number | undefined)[],
  ) => {
    after.forEach((units, shard) => {
      if (units !== undefined && units !== before[shard]) writeShard(tx, doc, shard, units);
    });
  };

  /** Takes `wanted` from the shards read, fullest first; answers their units after. */
  const takeFullestFirst = (units: readonly (number | undefined)[], wanted: number) => {
    const after = [...units];
    let left = wanted;
    const fullestFirst = after
      .map((_, shard) => shard)
      .filter((shard) => after[shard] !== undefined)
      .sort((a, b) => after[b]! - after[a]!);
    for (const shard of fullestFirst) {
      const taken = Math.min(after[shard]!, left);
      after[shard] = after[shard]! - taken;
      left -= taken;
    }
    return { after, left };
  };

  /**
   * Taking `wanted` units. One shard picked at random is read first: while the part is well
   * stocked it holds the order (one read, one write). Else one that held enough a moment ago (the
   * hints) is read and serves it. Failing both, the other shards are read at once, and
   * the first after it in a ring that holds the order serves it, or the fullest ones together do
   * (a large order, a part running low: several writes). Only when all of them together fall short
   * do the part's own units count: they make up the difference and the rest of them are spread
   * over the shards. Answers the writes, or the units there are when short.
   */
  const planTake = async (
    tx: Transaction,
    doc: Stocked,
    wanted: number,
  ): Promise<{ apply: () => void } | { available: number }> => {
    const seen = lastSeen.get(stockKey(doc));
    const first =
      (seen && weightedPick([...seen], wanted, undefined, usedByOthers(doc))) ?? freePick(doc);
    claim(doc, first);
    const firstUnits = await readShard(tx, doc, first);
    if (firstUnits >= wanted) {
      return { apply: () => writeShard(tx, doc, first, firstUnits - wanted) };
    }
    const hinted = await hintedShard(doc, wanted, first);
    if (hinted !== undefined) {
      claim(doc, hinted);
      const units = await readShard(tx, doc, hinted);
      if (units >= wanted) return { apply: () => writeShard(tx, doc, hinted, units - wanted) };
    }
    const ring = Array.from({ length: shards - 1 }, (_, step) => (first + 1 + step) % shards);
    const read = new Array<number>(shards).fill(0);
    read[first] = firstUnits;
    const others = await Promise.all(ring.map((shard) => readShard(tx, doc, shard)));
    ring.forEach((shard, index) => {
      read[shard] = others[index]!;
    });
    const holder = ring.find((shard) => read[shard]! >= wanted);
    if (holder !== undefined) {
      const units = read[holder]!;
      return { apply: () => writeShard(tx, doc, holder, units - wanted) };
    }
    const gathered = sum(read);
    if (gathered >= wanted) {
      const { after } = takeFullestFirst(read, wanted);
      return { apply: () => writeChanged(tx, doc, read, after) };
    }
    const available = doc.quantity + gathered;
    if (available < wanted) return { available };
    const { after, left } = takeFullestFirst(read, wanted);
    const extra = spread(doc.quantity - left, shards);
    const final = after.map((units, shard) => (units ?? 0) + (extra[shard] ?? 0));
    return {
      apply: () => {
        writeChanged(tx, doc, read, final);
        tx.update(doc.collection, doc.id, { quantity: 0 });
      },
    };
  };

  return {
    inTurn: (keys, fn) => {
      const answerBy = Date.now() + answerWithinMs;
      return turns.inTurn(keys, async () => {
        for (;;) {
          const mine: [string, number][] = [];
          try {
            return await claims.run(mine, fn);
          } catch (error) {
            // Given up on locks held outside this instance's turns (another instance, a shard of
            // a shared code): nothing was written, so it tries again, still in its turn, while
            // an answer can come in time (docs/decisions/092).
            const again =
              error instanceof StoreUnavailableError && Date.now() + transactionMs <= answerBy;
            if (!again) throw error;
          } finally {
            release(mine);
          }
        }
      });
    },
    // A shard's units, or the zero the document's own field is set to when its shards take over.
    stockOf: (collection, write) =>
      collection === STOCK_COLLECTION
        ? shardOwner(write.id)
        : onlyQuantity(write)
          ? { collection, id: write.id }
          : undefined,

    async count(reader, docs) {
      const ownersShards = (doc: Stocked) =>
        reader.query<StockShardDoc>(STOCK_COLLECTION, {
          where: [{ field: 'owner', op: '==', value: stockKey(doc) }],
        });
      // A few parts (a product page, a cart) read their own shards; a catalogue reads them all.
      const shardDocs =
        docs.length <= FEW_DOCS
          ? (await Promise.all(docs.map(ownersShards))).flat()
          : await reader.query<StockShardDoc>(STOCK_COLLECTION);
      const byOwner = new Map<string, number>();
      for (const { data } of shardDocs) {
        byOwner.set(data.owner, (byOwner.get(data.owner) ?? 0) + data.units);
      }
      return docs.map((doc) => doc.quantity + (byOwner.get(stockKey(doc)) ?? 0));
    },

    async prepareTake(tx, wants) {
      const byDoc = unitsByDoc(wants);
      // Each document's plan at once: a line's reads never wait for another line's.
      const plans = new Map(
        await Promise.all(
          [...byDoc]
            .filter(([, { units }]) => units > 0)
            .map(async ([key, { doc, units }]) => [key, await planTake(tx, doc, units)] as const),
        ),
      );
      return {
        short: wants.map(({ doc }) => {
          const plan = plans.get(stockKey(doc));
          return plan && 'available' in plan ? plan.available : undefined;
        }),
        apply() {
          for (const plan of plans.values()) {
            if ('apply' in plan) plan.apply();
          }
        },
      };
    },

    async prepareReturn(tx, returns) {
      const writes: (() => void)[] = [];
      for (const { doc, units } of unitsByDoc(returns).values()) {
        if (units <= 0) continue;
        const shard = pick();
        const had = await readShard(tx, doc, shard);
        writes.push(() => writeShard(tx, doc, shard, had + units));
      }
      return () => writes.forEach((write) => write());
    },

    async prepareCount(tx, doc) {
      const before = await readAll(tx, doc);
      return {
        units: doc.quantity + sum(before),
        set(units) {
          writeChanged(tx, doc, before, spread(units, shards));
          if (doc.quantity !== 0) tx.update(doc.collection, doc.id, { quantity: 0 });
        },
      };
    },

    async prepareRemove(tx, doc) {
      const found = await tx.query<StockShardDoc>(STOCK_COLLECTION, {
        where: [{ field: 'owner', op: '==', value: stockKey(doc) }],
      });
      return () => found.forEach(({ id }) => tx.delete(STOCK_COLLECTION, id));
    },
  };
}
