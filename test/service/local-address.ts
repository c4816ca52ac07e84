// Requests from another loopback address (127.0.0.2, …), so that tests can play several
// clients with their own addresses: the whole of 127.0.0.0/8 is this machine.
import { request } from 'node:http';

export interface PlainResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function requestFrom(
  localAddress: string,
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}
