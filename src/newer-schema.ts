// A database whose schema a newer petition-embed wrote: this code cannot know what the newer
// tables mean, and migrations only go up, so it is refused before anything is written to it.
// Running the older version again after an upgrade (a rollback) ends here rather than in a
// service that half-understands its own data.
import { PACKAGE_VERSION } from './package-version.js';
import { UnusableFileError } from './unusable-file.js';

export class NewerSchemaError extends UnusableFileError {
  override name = 'NewerSchemaError';
  constructor(database: string, found: number, newestKnown: number) {
    super(
      database,
      `has schema version ${found}, written by a newer petition-embed (this is ${PACKAGE_VERSION}, whose newest schema version is ${newestKnown})`,
      'run the newer petition-embed that wrote it, or restore the backup taken before the upgrade; it is never migrated down',
    );
  }
}

/** Throws NewerSchemaError when `found` is past the newest schema version this code knows. */
export function refuseNewerSchema(database: string, found: number, newestKnown: number): void {
  if (found > newestKnown) throw new NewerSchemaError(database, found, newestKnown);
}
