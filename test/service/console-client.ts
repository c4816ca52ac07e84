// An operator's browser for the console over plain HTTP: keeps its cookies, follows nothing on
// its own (tests look at each redirect), and fills in the CSRF token the last page carried. It
// may speak from another loopback address (127.0.0.2, …) to play another client.
import { request } from 'node:http';

export interface ConsoleResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  location: string | null;
}

export class ConsoleClient {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie lines as received, for tests of their attributes. */
  readonly setCookieLines: string[] = [];
  lastPage = '';

  constructor(
    readonly origin: string,
    private readonly localAddress?: string,
  ) {}

  async get(path: string): Promise<ConsoleResponse> {
    return this.request(path, { method: 'GET' });
  }

  /** Posts a form; `csrf` is the last page's token unless the fields give one (or `null` leaves it out). */
  async post(path: string, fields: Record<string, string | null> = {}): Promise<ConsoleResponse> {
    const body = new URLSearchParams();
    const withToken = { csrf: this.csrfToken(), ...fields };
    for (const [name, value] of Object.entries(withToken)) if (value !== null && value !== undefined) body.append(name, value);
    return this.request(path, { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  csrfToken(): string | undefined {
    return /name="csrf" value="([^"]+)"/.exec(this.lastPage)?.[1];
  }

  /** Opens the sign-in page (for its token) and signs in; returns the answer to the POST. */
  async signIn(email: string, password: string): Promise<ConsoleResponse> {
    const form = await this.get('/admin/sign-in');
    const token = /name="sign_in_token" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    return this.post('/admin/sign-in', { sign_in_token: token, email, password, csrf: null });
  }

  async request(path: string, init: { method: string; body?: string | Uint8Array; headers?: Record<string, string> }): Promise<ConsoleResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = { ...init.headers, ...(cookie ? { cookie } : {}) };
    const answer = await new Promise<ConsoleResponse>((resolve, reject) => {
      const sent = request(`${this.origin}${path}`, { method: init.method, headers, localAddress: this.localAddress, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, location: (response.headers.location as string | undefined) ?? null }),
        );
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(init.body);
    });
    for (const line of (answer.headers['set-cookie'] as string[] | undefined) ?? []) {
      this.setCookieLines.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.trim());
    }
    if (String(answer.headers['content-type'] ?? '').startsWith('text/html')) this.lastPage = answer.body;
    return answer;
  }
}

/** The text of a page without its tags, spaces collapsed, for assertions on what a reader sees. */
export function pageText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    // Inline markup (a link inside a sentence) adds no space a reader would see.
    .replace(/<\/?(a|abbr|code|em|strong|time)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
