// admin copy-to-postgres failed after it began (store/copy/copy-to-postgres.ts): rolled back, so
// nothing of it is in the target. Its message names the table and error code, never a value.
export class CopyFailedError extends Error {
  override name = 'CopyFailedError';
}
