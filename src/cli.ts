// Dispatches `petition-embed <part> …` to the part's own command line.
import { listenFailure } from './listen-failure.js';
import { PACKAGE_VERSION } from './package-version.js';
import { UnusableFileError } from './unusable-file.js';

const [part, ...args] = process.argv.slice(2);

const parts: Record<string, () => Promise<{ main(args: string[]): Promise<void> }>> = {
  service: () => import('./service/cli.js'),
  proxy: () => import('./proxy/cli.js'),
  dev: () => import('./dev/cli.js'),
};

const load = part ? parts[part] : undefined;
if (part === '--version' || part === '-v') {
  process.stdout.write(`${PACKAGE_VERSION}\n`);
} else if (!load) {
  process.stderr.write(
    'usage: petition-embed <service|proxy|dev> [options]\n' +
      '  service   run the petition service, or its admin commands (service admin …)\n' +
      '  proxy     run the signing proxy, or show its keys (proxy keys --config FILE)\n' +
      '  dev       run the whole demo stack (what `npm start` does)\n' +
      '  --version print the package\'s version\n',
  );
  process.exit(part ? 2 : 0);
} else {
  try {
    await (await load()).main(args);
  } catch (error) {
    // Each part reports its own usage and configuration errors; a server that cannot listen is
    // common to all three, and is the operator's to fix, so one line rather than a stack trace.
    // So is a data file it cannot use: the line names the file and the remedy (unusable-file.ts).
    const line = error instanceof UnusableFileError ? error.message : listenFailure(error);
    if (line !== undefined) {
      process.stderr.write(`petition-embed ${part}: not started: ${line}\n`);
    } else {
      // Anything else is this program's fault, not the operator's: still one line, with the stack
      // for a bug report behind PETITION_EMBED_DEBUG=1.
      const message = error instanceof Error ? error.message : String(error);
      const debug = process.env.PETITION_EMBED_DEBUG === '1';
      process.stderr.write(
        `petition-embed ${part}: stopped by an unexpected error: ${message.split('\n')[0]}${debug ? '' : ' (PETITION_EMBED_DEBUG=1 shows where)'}\n`,
      );
      if (debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    }
    process.exit(1);
  }
}
