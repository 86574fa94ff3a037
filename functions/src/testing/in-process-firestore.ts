/**
 * The in-process Firestore emulator (@firestore-emulator/server) made to keep the three promises
 * the store relies on and it does not keep by itself, so that every transaction case of the
 * suites runs on any machine, with or without the official emulator (docs/decisions/038):
 *
 * - **Isolation.** A transaction gets an id of its own; the documents it reads (and the results
 *   of its queries) are remembered with their versions, and its commit is refused with ABORTED
 *   if any of them changed meanwhile, as Firestore refuses a transaction that lost a conflict.
 *   The client library then runs it again, as it does against Firestore.
 * - **Atomic commits.** Every write of a commit is applied, or none: when one fails (an update of
 *   a missing document), the documents written before it are put back as they were.
 * - **set() replaces.** A write without an update mask replaces the whole document, where the
 *   package merges it into the old fields.
 *
 * Optimistic where production locks (wound-wait): the outcome a test checks is the same, nothing
 * lost or doubled and the losers answered ABORTED.
 */
import { randomBytes } from 'node:crypto';
import {
  BatchGetDocumentsResponse,
  BeginTransactionResponse,
  RunQueryResponse,
  type BatchGetDocumentsRequest,
  type BeginTransactionRequest,
  CommitResponse,
  type CommitRequest,
  type RollbackRequest,
  type RunQueryRequest,
} from '@firestore-emulator/proto/dist/google/firestore/v1/firestore.js';
import type { Empty } from '@firestore-emulator/proto/dist/google/protobuf/empty.js';
import type { StructuredQuery } from '@firestore-emulator/proto/dist/google/firestore/v1/query.js';
import { FirestoreState, TimestampFromDate } from '@firestore-emulator/server';
import { FirestoreServiceV1Impl } from '@firestore-emulator/server/dist/server/FirestoreServiceV1Impl/index.js';
import {
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServerWritableStream,
} from '@grpc/grpc-js';

/** What one transaction saw: each document's version, and each query's answer. */
interface TransactionReads {
  documents: Map<string, number>;
  queries: { parent: string; query: StructuredQuery; answer: string }[];
}

type StateDocument = ReturnType<FirestoreState['getDocument']>;

/**
 * A document's state as the package keeps it: `fields` is private in its types but a plain
 * property, swapped whole on every write, so a commit can put it back or clear it.
 */
interface DocumentState {
  metadata: StateDocument['metadata'];
  fields: Record<string, unknown>;
}
const stateOf = (doc: StateDocument) => doc as unknown as DocumentState;

class IsolatingFirestoreService extends FirestoreServiceV1Impl {
  /** Every document's version: how many commits wrote it (0: never written). */
  readonly #versions = new Map<string, number>();
  readonly #transactions = new Map<string, TransactionReads>();

  readonly #state: FirestoreState;

  constructor(state: FirestoreState) {
    super(state);
    this.#state = state;
  }

  #version(path: string): number {
    return this.#versions.get(path) ?? 0;
  }

  #begin(): Uint8Array {
    const id = randomBytes(16);
    this.#transactions.set(id.toString('hex'), { documents: new Map(), queries: [] });
    return Uint8Array.from(id);
  }

  #reads(id: Uint8Array | undefined): TransactionReads | undefined {
    if (!id || id.length === 0) return undefined;
    return this.#transactions.get(Buffer.from(id).toString('hex'));
  }

  /** The query's answer as its documents' paths and versions, to compare at commit. */
  #answer(parent: string, query: StructuredQuery): { docs: StateDocument[]; answer: string } {
    const docs = this.#state.v1Query(parent, query);
    const answer = docs
      .map((doc) => {
        const path = doc.getPath();
        return `${path}@${this.#version(path)}`;
      })
      .join('\n');
    return { docs, answer };
  }

  override BeginTransaction(
    _call: ServerUnaryCall<BeginTransactionRequest, BeginTransactionResponse>,
    callback: sendUnaryData<BeginTransactionResponse>,
  ): void {
    callback(null, BeginTransactionResponse.fromObject({ transaction: this.#begin() }));
  }

  override BatchGetDocuments(
    call: ServerWritableStream<BatchGetDocumentsRequest, BatchGetDocumentsResponse>,
  ): void {
    const readTime = TimestampFromDate(new Date());
    let transaction = call.request.transaction;
    if (call.request.has_new_transaction) {
      transaction = this.#begin();
      call.write(BatchGetDocumentsResponse.fromObject({ transaction }));
    }
    const reads = this.#reads(transaction);
    for (const path of call.request.documents) {
      const document = this.#state.getDocument(path);
      reads?.documents.set(path, this.#version(path));
      call.write(
        BatchGetDocumentsResponse.fromObject({
          found: document.metadata.hasExist ? document.toV1DocumentObject() : undefined,
          missing: document.metadata.hasExist ? undefined : path,
          read_time: readTime,
        }),
      );
    }
    call.end();
  }

  override RunQuery(call: ServerWritableStream<RunQueryRequest, RunQueryResponse>): void {
    const readTime = TimestampFromDate(new Date());
    const { parent, structured_query: query } = call.request;
    let transaction = call.request.transaction;
    if (call.request.has_new_transaction) transaction = this.#begin();
    const { docs, answer } = this.#answer(parent, query);
    this.#reads(transaction)?.queries.push({ parent, query, answer });
    const base = { read_time: readTime, skipped_results: 0, transaction };
    if (docs.length === 0) call.write(RunQueryResponse.fromObject({ ...base, done: true }));
    docs.forEach((doc, index) => {
      call.write(
        RunQueryResponse.fromObject({
          ...base,
          document: doc.toV1DocumentObject(),
          done: index === docs.length - 1,
        }),
      );
    });
    call.end();
  }

  override Commit(
    call: ServerUnaryCall<CommitRequest, CommitResponse>,
    callback: sendUnaryData<CommitResponse>,
  ): void {
    const id = call.request.transaction;
    const reads = this.#reads(id);
    if (id && id.length > 0) {
      this.#transactions.delete(Buffer.from(id).toString('hex'));
      if (!reads || this.#changedSince(reads)) {
        callback({
          code: status.ABORTED,
          details: 'Transaction aborted: a document it read was written meanwhile.',
          name: 'Error',
          message: 'Transaction aborted',
        });
        return;
      }
    }
    const written = call.request.writes.map((write) =>
      this.#state.getDocument(write.has_delete ? write.delete : write.update.name),
    );
    const before = written.map((doc) => ({ doc, ...stateOf(doc) }));
    const restore = () => {
      for (const { doc, metadata, fields } of before.reverse()) {
        Object.assign(stateOf(doc), { metadata, fields });
      }
    };
    // A replacing set(): the old fields go first, so the package's merge writes only the new.
    call.request.writes.forEach((write, index) => {
      const doc = written[index]!;
      const replaces =
        write.has_update &&
        !write.has_update_mask &&
        !(write.has_current_document && write.current_document.exists);
      if (replaces && doc.metadata.hasExist) stateOf(doc).fields = {};
    });
    const commitTime = new Date();
    try {
      const results = call.request.writes.map((write) =>
        this.#state.writeV1Document(commitTime, write),
      );
      for (const doc of written)
        this.#versions.set(doc.getPath(), this.#version(doc.getPath()) + 1);
      callback(
        null,
        CommitResponse.fromObject({
          commit_time: TimestampFromDate(commitTime),
          write_results: results.map((result) => result.toObject()),
        }),
      );
    } catch (error) {
      restore();
      // The package's errors carry their gRPC status (NOT_FOUND for an update of nothing); its
      // own service tells them by class, which each of its bundles defines again.
      const code = (error as { code?: unknown }).code;
      callback({
        code: typeof code === 'number' ? code : status.INTERNAL,
        details: error instanceof Error ? error.message : String(error),
        message: error instanceof Error ? error.message : String(error),
        name: 'Error',
      });
    }
  }

  override Rollback(
    call: ServerUnaryCall<RollbackRequest, Empty>,
    callback: sendUnaryData<Empty>,
  ): void {
    const id = call.request.transaction;
    if (id && id.length > 0) this.#transactions.delete(Buffer.from(id).toString('hex'));
    super.Rollback(call, callback);
  }

  #changedSince(reads: TransactionReads): boolean {
    for (const [path, version] of reads.documents) {
      if (this.#version(path) !== version) return true;
    }
    return reads.queries.some(
      ({ parent, query, answer }) => this.#answer(parent, query).answer !== answer,
    );
  }
}

/** The emulator on a port of this machine; `stop()` ends it. */
export class InProcessFirestore {
  readonly state = new FirestoreState();
  readonly #server = new Server();

  constructor() {
    this.#server.addService(
      FirestoreServiceV1Impl.definition,
      new IsolatingFirestoreService(this.state),
    );
  }

  start(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.bindAsync(`127.0.0.1:${port}`, ServerCredentials.createInsecure(), (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  stop(): void {
    this.#server.forceShutdown();
  }
}
