import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('the retention of imports (IMPORT_RETENTION_DAYS)', () => {
  it('keeps an import 7 days after its last step unless told otherwise', () => {
    expect(loadConfig({}).importRetentionDays).toBe(7);
    expect(loadConfig({ IMPORT_RETENTION_DAYS: '30' }).importRetentionDays).toBe(30);
  });

  it('refuses a number of days that is not a whole number of at least one', () => {
    for (const value of ['0', '-3', '1.5', 'une semaine']) {
      expect(() => loadConfig({ IMPORT_RETENTION_DAYS: value }), value).toThrow(/IMPORT_RETENTION_DAYS/);
    }
  });
});
