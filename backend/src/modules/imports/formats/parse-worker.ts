import { parentPort } from 'node:worker_threads';
import { ImportFileError } from './import-file-error.js';
import { readUploadedExport } from './read-import-file.js';

/**
 * The worker thread that reads an uploaded export (parse-upload.ts): the parsing (XML, JSON, HTML to
 * markdown, a ZIP checked whole) happens here, off the thread that answers visitors.
 */
parentPort?.once('message', (bytes: Uint8Array) => {
  try {
    parentPort?.postMessage({ plan: readUploadedExport(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)) });
  } catch (error) {
    if (error instanceof ImportFileError)
      parentPort?.postMessage({ refused: { status: error.status, reason: error.reason, detail: error.detail } });
    else parentPort?.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  }
});
