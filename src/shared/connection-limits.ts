// How long a connection may take and how many one address may hold, so that idle or trickling
// connections (slowloris) cannot use up a server: headers must arrive within a deadline, a
// whole request within another, an idle keep-alive connection is closed, and past a cap per
// peer address (and in all) new connections are closed at once. For the two Node servers, the
// service (src/service/index.ts) and the signing proxy (src/proxy/index.ts); never loaded in a browser.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { networkKey } from './client-network.js';

export interface ConnectionLimits {
  /** The request line and headers must have arrived this long after the connection or the last request. */
  headersTimeoutMs: number;
  /** The whole request, body included. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections from one peer address; beyond it a new one is closed at once. */
  maxConnectionsPerAddress: number;
  /** Open connections in all; keep it well below the process's open-file limit (`ulimit -n`). */
  maxConnections: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnectionsPerAddress: 256,
  maxConnections: 4096,
};

/** Options for node:http's createServer that enforce the deadlines. */
export function serverTimeouts(limits: ConnectionLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the header and request deadlines this often (30 s by default, which would let
    // a deadline of seconds run for half a minute).
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** Caps connections per peer network (an IPv6 peer by its `ipv6Prefix`: client-network.ts) and in all on a listening server. */
export function capConnections(server: Server, limits: ConnectionLimits, ipv6Prefix: number): void {
  server.maxConnections = limits.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = networkKey(socket.remoteAddress ?? 'unknown', ipv6Prefix);
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      // A count of 0 kept rather than deleted counts the same: only memory tells them apart.
      // Stryker disable next-line ConditionalExpression,EqualityOperator
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
