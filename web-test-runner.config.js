// Browser tests of the elements, in the system's headless Chromium (see docs: toolchain notes).
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { defaultReporter } from '@web/test-runner';
import { fileURLToPath } from 'node:url';
import { countReporter } from './test/reporters/wtr-count.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium-options.js';
import { proxyRoutesMiddleware } from './test/components/proxy-routes-middleware.js';

export default {
  files: ['test/components/**/*.test.ts'],
  nodeResolve: true,
  // One page at a time: keyboard input (sendKeys) and timers need the page to be the focused, visible one.
  concurrency: 1,
  testsFinishTimeout: 120_000,
  // Two test files share two cores with the browser; axe checks and sequential typing need more than 2 s.
  testFramework: { config: { timeout: 10_000 } },
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  middleware: [proxyRoutesMiddleware()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  reporters: [defaultReporter(), countReporter()],
};
