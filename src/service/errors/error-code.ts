// What a log line may say about an unexpected error: its code (SQLITE_BUSY, ECONNREFUSED) or
// kind, never its message, which could quote SQL, a URL or a signer's data.
export function errorCode(error: unknown): string {
  // nodemailer files a socket's failure under its own ESOCKET and keeps the system's code
  // (ECONNREFUSED, ETIMEDOUT), which tells an operator what happened, as originalCode.
  const originalCode = (error as { originalCode?: unknown } | null)?.originalCode;
  if (typeof originalCode === 'string') return originalCode;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof causeCode === 'string') return causeCode;
  return error instanceof Error ? error.name : 'error';
}
