// Requests Node's HTTP parser refuses before they reach the app (a Content-Length that is not a
// number, headers too large, bad framing, too slow) get the spec's error body too, not a bare
// status line. For the two Node servers, the service and the signing proxy; never loaded in a browser.
import type { Socket } from 'node:net';
import type { FailureBody } from './types.js';

interface ServerWithClientErrors {
  on(event: 'clientError', listener: (error: Error & { code?: string }, socket: Socket) => void): unknown;
}

export function answerMalformedRequests(server: ServerWithClientErrors): void {
  server.on('clientError', (error, socket) => {
    // A peer that went away, or a socket already answered, is simply closed.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    // Oversized headers are a too-large request (413); a request that did not arrive within
    // the connection deadlines (connection-limits.ts) is 408.
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [413, 'Payload Too Large', 'headers: larger than the server accepts']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'request: not received in time']
          : [400, 'Bad Request', 'request: not valid HTTP'];
    const body = JSON.stringify({ result: 'failure', messages: [message] } satisfies FailureBody);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  });
}
