// Every request to the service carries an id from here on: the proxy's `X-Request-Id` when it is
// a short token, else a new one, set on the request (where log lines of the request read it) and
// echoed on the answer, so an operator can match a signer's 500 to the proxy's line.
import type { IncomingMessage, RequestListener } from 'node:http';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../shared/observability/request-id.js';

export function withRequestId(listener: RequestListener): RequestListener {
  return (request, response) => {
    const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    request.headers[REQUEST_ID_HEADER] = id;
    response.setHeader('X-Request-Id', id);
    listener(request, response);
  };
}

/** The id withRequestId gave this request. */
export function requestIdOf(request: IncomingMessage): string {
  return request.headers[REQUEST_ID_HEADER] as string;
}
