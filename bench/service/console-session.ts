// Signs in to a service's console for the benchmarks, as a browser would (sign-in token cookie,
// then the session cookie), reads the CSRF token a page carries, and reads a process's memory.
import { readFileSync } from 'node:fs';

export interface ConsoleSessionForBench {
  cookie: string;
  csrfFrom(path: string): Promise<string>;
}

export async function signInToConsole(origin: string, email: string, password: string): Promise<ConsoleSessionForBench> {
  const form = await fetch(`${origin}/admin/sign-in`);
  const signInCookie = form.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = /name="sign_in_token" value="([^"]+)"/.exec(await form.text())![1]!;
  const answer = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: signInCookie },
    body: new URLSearchParams({ sign_in_token: token, email, password }).toString(),
  });
  const session = answer.headers.getSetCookie().find((line) => line.startsWith('console_session='));
  if (answer.status !== 303 || !session) throw new Error(`sign-in answered ${answer.status}`);
  const cookie = session.split(';')[0]!;
  return {
    cookie,
    async csrfFrom(path) {
      const page = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
      return /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    },
  };
}

/** The process's resident memory now and at its peak so far, from /proc (Linux), in MiB. */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}
