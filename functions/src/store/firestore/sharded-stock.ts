/**
 * Firestore's stock (docs/decisions/033): Firestore sustains about one write a second on one
 * document, so a part whose stock is one field sells about one order a second. Here a part's
 * units are spread over `shards` documents in `stockShards` (`{collection}_{id}_{n}`, created when
 * first written), and an order takes from one of them picked at random: orders on a hot part
 * write different documents, and the part's own document is not written per order.
 *
 * The part's `quantity` field still counts: it holds units not spread yet (a new part's first
 * stock, parts stored before the shards). The stock is that field plus every shard. An order reads
 * shards in a ring from a random one until one holds it (or those read hold it together); only an
 * order that all the shards cannot serve reads the field, makes up the difference from it and
 * spreads the rest; Add Stock spreads the new total. No shard goes below zero, and an order is
 * short only when every unit of the part together is less than it wants.
 */
import {
  STOCK_COLLECTION,
  type DocData,
  type StockLedger,
  type Stocked,
  type StoreReader,
  type Transaction,
} from '../port.js';
import { stockKey, unitsByDoc } from '../stock-in-field.js';

/**
 * Shards per part: 20 sustain about 20 orders a second on one part (the launch goal is 500 a
 * minute, 8.3 a second) with room for random picks that land together.
 */
export const STOCK_SHARDS = 20;

/** Up to this many documents are counted by a query each; more by reading every shard once. */
const FEW_DOCS = 5;

export type StockShardDoc = { owner: string; shard: number; units: number } & DocData;

const shardId = (doc: Stocked, shard: number) => `${doc.collection}_${doc.id}_${shard}`;

/** `units` over `count` shards as evenly as whole units go; the first ones get the remainder. */
export function spread(units: number, count: number): number[] {
  const base = Math.floor(units / count);
  const rest = units - base * count;
  return Array.from({ length: count }, (_, shard) => base + (shard < rest ? 1 : 0));
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The ledger with `shards` shards per document; `random` picks them (tests pass their own). */
export function shardedStock(shards = STOCK_SHARDS, random = Math.random): StockLedger {
  const pick = () => Math.floor(random() * shards);

  const readShard = async (reader: StoreReader, doc: Stocked, shard: number) =>
    (await reader.get<StockShardDoc>(STOCK_COLLECTION, shardId(doc, shard)))?.data.units ?? 0;

  const writeShard = (tx: Transaction, doc: Stocked, shard: number, units: number) =>
    tx.set(STOCK_COLLECTION, shardId(doc, shard), { owner: stockKey(doc), shard, units });

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
   * Taking `wanted` units. The shards are read in a ring from a random one, and reading stops at
   * the first that holds the whole want (one read, one write while the part is well stocked), or
   * once the shards read hold it together (a large order: several writes). Only when all of them
   * together fall short do the part's own units count: they make up the difference and the rest
   * of them are spread over the shards. Answers the writes, or the units there are when short.
   */
  const planTake = async (
    tx: Transaction,
    doc: Stocked,
    wanted: number,
  ): Promise<{ apply: () => void } | { available: number }> => {
    const start = pick();
    const read = new Array<number | undefined>(shards).fill(undefined);
    let gathered = 0;
    for (let step = 0; step < shards; step += 1) {
      const shard = (start + step) % shards;
      const units = await readShard(tx, doc, shard);
      read[shard] = units;
      if (units >= wanted) return { apply: () => writeShard(tx, doc, shard, units - wanted) };
      gathered += units;
      if (gathered >= wanted) {
        const { after } = takeFullestFirst(read, wanted);
        return { apply: () => writeChanged(tx, doc, read, after) };
      }
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
      const plans = new Map<string, Awaited<ReturnType<typeof planTake>>>();
      for (const [key, { doc, units }] of byDoc) {
        if (units > 0) plans.set(key, await planTake(tx, doc, units));
      }
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
