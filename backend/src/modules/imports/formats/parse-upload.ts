import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImportFileError } from './import-file-error.js';
import type { ImportPlan } from './import-plan.js';
import type { NorthbeamPlan } from './northbeam.js';

type WorkerAnswer =
  | { plan: ImportPlan | NorthbeamPlan }
  | { refused: { status: ImportFileError['status']; reason: ImportFileError['reason']; detail?: string } }
  | { failed: string };

/** `start` and `end` of each parse, in the thread that answers requests (the test of docs/import.md's promise listens). */
export const uploadParsing = new EventEmitter();

/** The compiled worker (the build), else the TypeScript source run through `ts-source-worker.mjs` (the test suites). */
function startWorker(): Worker {
  const compiled = new URL('./parse-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled);
  return new Worker(new URL('../../../core/workers/ts-source-worker.mjs', import.meta.url), {
    workerData: { entry: new URL('./parse-worker.ts', import.meta.url).href },
  });
}

/**
 * Reads an uploaded export in a worker thread (docs/import.md): a 100 MB WXR or Ghost JSON takes
 * seconds to parse, and the server keeps answering visitors meanwhile. Refusals come back as the
 * same `ImportFileError`s the readers throw.
 */
export async function parseUpload(bytes: Buffer): Promise<ImportPlan | NorthbeamPlan> {
  uploadParsing.emit('start');
  const worker = startWorker();
  try {
    const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The file reader stopped (exit code ${code})`)));
      worker.postMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    });
    if ('plan' in answer) return answer.plan;
    if ('refused' in answer)
      throw new ImportFileError(answer.refused.status, answer.refused.reason, answer.refused.detail);
    throw new Error(answer.failed);
  } finally {
    uploadParsing.emit('end');
    void worker.terminate();
  }
}
