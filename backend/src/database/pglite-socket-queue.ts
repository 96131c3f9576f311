import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** The parts of pglite-socket's internal query queue (0.2.x) that this fix replaces. */
interface QueueItem {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<unknown>;
  };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const code = (letter: string) => letter.charCodeAt(0);
/** Frontend messages of the extended query protocol that leave the exchange open until Sync. */
const extendedMessages = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map(code));
const exchangeEnds = new Set(['S', 'Q', 'X'].map(code));

/**
 * pglite-socket runs the messages of all connections through one queue, one message at a time,
 * keeping a connection exclusive only inside an explicit transaction. The `pg` driver sends each
 * parameterised query as Parse/Bind/Describe/Execute/Sync against the unnamed statement, so two
 * connections querying at once interleave and corrupt each other ("unnamed prepared statement does
 * not exist", empty results). This replaces the queue's scheduler so that a connection also keeps
 * the database from its first extended-protocol message until its Sync, and so that one failed
 * message no longer stalls the queue for good.
 */
export function serialiseExtendedQueries(server: PGLiteSocketServer): void {
  const queryQueue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (!queryQueue || typeof queryQueue.processQueue !== 'function') {
    throw new Error('pglite-socket changed: its query queue is not where serialiseExtendedQueries expects it');
  }
  let exchangeOwner: number | null = null;

  const clearQueueForHandler = queryQueue.clearQueueForHandler.bind(queryQueue);
  queryQueue.clearQueueForHandler = (handlerId: number) => {
    if (exchangeOwner === handlerId) exchangeOwner = null;
    clearQueueForHandler(handlerId);
  };

  queryQueue.processQueue = async function processQueue(this: QueryQueue): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const holder = exchangeOwner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === holder);
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1);
        const type = item.message[0];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          if (exchangeOwner === item.handlerId) exchangeOwner = null;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        if (extendedMessages.has(type)) exchangeOwner = item.handlerId;
        else if (exchangeEnds.has(type)) exchangeOwner = null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  queryQueue.processQueue = queryQueue.processQueue.bind(queryQueue);
}
