// Reads the proxy's config file (Node only; edge deployments build the config object themselves).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseProxyConfig, ProxyConfigError, type ProxyConfig } from './config.js';

/** Loads and validates a JSON config file; a relative `dataDir` is taken from the file's folder. */
export function loadProxyConfig(path: string, env: Record<string, string | undefined> = process.env): ProxyConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ProxyConfigError([`config: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProxyConfigError([`config: ${path} is not valid JSON`]);
  }
  const config = parseProxyConfig(json, env);
  return { ...config, dataDir: resolve(dirname(path), config.dataDir) };
}
