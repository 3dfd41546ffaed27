import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Jobs } from './jobs/queue';
import type { Storage } from './storage';

/** What services receive: plain values, so a test hands them a real database and its own clock. */
export interface Deps {
  db: Db;
  database: Database;
  config: Config;
  jobs: Jobs;
  /** Uploaded files (images): a local folder or an S3-compatible bucket. */
  storage: Storage;
  now: () => Date;
}
