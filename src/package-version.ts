// The package's version, as package.json says: what `petition-embed --version` prints and each
// /healthz answers. Imported as JSON, not read from a file, so the proxy's Workers bundle carries
// it too; the relative path holds from src/ (tests) and from dist-server/ (compiled) alike.
import packageJson from '../package.json' with { type: 'json' };

export const PACKAGE_VERSION: string = packageJson.version;
