import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('files storage configuration', () => {
  it('keeps files in <DATA_DIR>/files unless FILES_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/maillage' }).files).toEqual({
      storage: 'local',
      dir: path.resolve('/srv/maillage/files'),
    });
    expect(loadConfig({ FILES_DIR: '/mnt/files' }).files).toEqual({ storage: 'local', dir: '/mnt/files' });
  });

  it('reads the S3 settings', () => {
    expect(
      loadConfig({
        FILES_STORAGE: 's3',
        S3_ENDPOINT: 'https://s3.example.test',
        S3_REGION: 'ca-central-1',
        S3_BUCKET: 'maillage',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).files,
    ).toEqual({
      storage: 's3',
      endpoint: 'https://s3.example.test',
      region: 'ca-central-1',
      bucket: 'maillage',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('says clearly what is missing when S3 is chosen without a bucket or with half the keys', () => {
    expect(() => loadConfig({ FILES_STORAGE: 's3' })).toThrow(/S3_BUCKET: required when FILES_STORAGE=s3/);
    expect(() => loadConfig({ FILES_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ FILES_STORAGE: 'ftp' })).toThrow(/FILES_STORAGE/);
  });
});
