import type { FilesConfig } from '../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, StoredObject } from './storage';

/** The storage the configuration chooses (FILES_STORAGE=local|s3). */
export function createStorage(config: FilesConfig): Storage {
  return config.storage === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
