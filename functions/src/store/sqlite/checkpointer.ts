/**
 * WAL checkpoints off the event loop (docs/decisions/034). SQLite's automatic checkpoint runs in
 * the COMMIT that crosses its threshold: it copies the log into the database file and syncs it
 * to disk, which blocks the one thread that serves every request for milliseconds once every
 * hundred or so orders. Here the connection that commits never checkpoints; a worker thread with
 * a connection of its own does, in PASSIVE mode (it never waits for, nor blocks, a reader or a
 * writer), after every COMMITS_PER_CHECKPOINT commits. SQLite starts the log file over only when
 * a write begins with all of it copied, which a steady stream of orders never leaves time for: so
 * the store's connection still checkpoints itself at SQLite's own threshold (BACKSTOP_PAGES), with
 * little left to copy by then, and the file is cut back to JOURNAL_LIMIT_BYTES when it starts over.
 */
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** About a thousand pages of log at the store's four to ten pages a commit (SQLite's default). */
const COMMITS_PER_CHECKPOINT = 150;
/**
 * The store connection's own checkpoint: SQLite's default of a thousand pages. Ten times that
 * (docs/decisions/034) let the log grow to 40 MB between restarts, and each restart stopped the
 * event loop for about 30 ms; at a thousand no order waits 10 ms (docs/decisions/036).
 */
const BACKSTOP_PAGES = 1_000;
const JOURNAL_LIMIT_BYTES = 64 * 1024 * 1024;
/** The longest a commit waits to be copied into the database. */
const IDLE_MS = 100;

/**
 * The worker's code: plain JavaScript evaluated as is, so it runs the same under tsx, vitest and
 * the compiled functions. It answers each request once its checkpoint is done.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy or failing checkpoint is tried again after the next commits; the log keeps the data.
  }
  parentPort.postMessage('done');
});
`;

export interface Checkpointer {
  /**
   * Called for each write transaction once its COMMIT is done: a group's COMMIT counts as many
   * times as the transactions it held (decision 039). A group writes no more pages than they
   * would each alone, so the log is copied at most as late as COMMITS_PER_CHECKPOINT intends, and
   * never left to grow to the connection's own blocking checkpoint (BACKSTOP_PAGES).
   */
  committed(): void;
  /** Stops the worker; the store's own close then checkpoints what is left. */
  close(): Promise<void>;
}

export function checkpointInWorker(db: Database.Database, file: string): Checkpointer {
  if (file === ':memory:') return { committed: () => undefined, close: async () => undefined };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  // The store's connection checkpoints for itself again if the worker cannot run.
  worker.on('error', () => db.pragma('wal_autocheckpoint = 1000'));
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  db.pragma(`journal_size_limit = ${JOURNAL_LIMIT_BYTES}`);
  let commits = 0;
  let running = false;
  let idle: NodeJS.Timeout | undefined;
  const checkpoint = () => {
    clearTimeout(idle);
    idle = undefined;
    if (running || commits === 0) return;
    commits = 0;
    running = true;
    worker.postMessage('checkpoint');
  };
  worker.on('message', () => {
    running = false;
    if (commits >= COMMITS_PER_CHECKPOINT) checkpoint();
  });
  return {
    committed() {
      commits += 1;
      if (commits >= COMMITS_PER_CHECKPOINT) checkpoint();
      // And soon after any commit, so that when writes pause the log is all copied, and the next
      // write starts it over.
      else idle ??= setTimeout(checkpoint, IDLE_MS).unref();
    },
    async close() {
      clearTimeout(idle);
      if (worker.threadId === -1) return;
      const exited = once(worker, 'exit');
      // Held open while it closes: an unreferenced worker would let the process end meanwhile.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
