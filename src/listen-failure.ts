// Why a server of the command could not listen, as the one line an operator acts on: Node's own
// error escapes as a stack trace that buries "address already in use" in its fourth line.

interface ListenError {
  code?: unknown;
  address?: unknown;
  port?: unknown;
}

/** The line for an error from `server.listen`, or undefined for any other error. */
export function listenFailure(error: unknown): string | undefined {
  const { code, address, port } = (error ?? {}) as ListenError;
  const where = `${String(address)}:${String(port)}`;
  switch (code) {
    case 'EADDRINUSE':
      return `${where} is already in use (another server, or this one still running): stop it, or choose another --port`;
    case 'EACCES':
      return `${where} needs privileges this user lacks: choose a --port from 1024`;
    case 'EADDRNOTAVAIL':
      return `${String(address)} is not an address of this machine: check --host`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      // getaddrinfo's error names the host, not the address: listen never got that far.
      return `${JSON.stringify(String((error as { hostname?: unknown }).hostname))} is not a host name this machine can resolve: check --host`;
    default:
      return undefined;
  }
}
