import type { importMessages } from '@northbeam/common';

/** A file the importer refuses, with the sentence (a key of `importMessages`) and the status to answer. */
export class ImportFileError extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    readonly reason: keyof typeof importMessages,
    readonly detail?: string,
  ) {
    super(reason);
  }
}
