// `petition-embed proxy doctor --config FILE`: checks a proxy's setup without running it (the
// config and who may read its file, the service and the credentials, each petition and its key, the origins, the data
// folder and each of its files, the webhooks, proofs of work spent here that another proxy issued) and says what to do about each problem, one line per finding.
import { loadProxyConfig } from '../config/config-file.js';
import { ProxyConfigError, type ProxyConfig } from '../config/config.js';
import { checkConfigFile } from './doctor-config-file.js';
import { checkDataDir } from './doctor-data-dir.js';
import { checkDataFiles } from './doctor-data-files.js';
import { fail, KEY_REQUESTS, ok, type Finding } from './doctor-finding.js';
import { checkKeys } from './doctor-keys.js';
import { checkOrigins } from './doctor-origins.js';
import { checkSpentProofs } from './doctor-proofs.js';
import { checkService } from './doctor-service.js';
import { checkWebhooks } from './doctor-webhooks.js';

function configFinding(path: string, config: ProxyConfig, env: Record<string, string | undefined>): Finding {
  const fromEnvironment = [env.PETITION_API_KEY && 'PETITION_API_KEY', env.PETITION_API_SECRET && 'PETITION_API_SECRET'].filter(Boolean);
  const count = config.petitions.length;
  return ok(
    'config',
    `${path} is valid (${count} petition${count === 1 ? '' : 's'})` +
      (fromEnvironment.length > 0 ? `; ${fromEnvironment.join(' and ')} from the environment` : ''),
  );
}

/** Every finding, in a stable order; a config that does not load stops the checks there. */
export async function runDoctor(path: string, env: Record<string, string | undefined>): Promise<Finding[]> {
  let config: ProxyConfig;
  try {
    config = loadProxyConfig(path, env);
  } catch (error) {
    if (!(error instanceof ProxyConfigError)) throw error;
    // A problem with the file itself reads "config: cannot read …" already.
    return error.problems.map((problem) => fail('config', problem.replace(/^config: /, '')));
  }
  const [service, webhooks] = await Promise.all([checkService(config), checkWebhooks(config)]);
  const keys = await checkKeys(config, service.some((finding) => finding.subject === KEY_REQUESTS && finding.level === 'fail'));
  return [configFinding(path, config, env), ...checkConfigFile(path, config, env), ...service, ...keys, ...checkOrigins(config), ...checkDataDir(config), ...webhooks, ...(await checkDataFiles(config)), ...checkSpentProofs(config)];
}
