import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('the pace of a campaign’s writing (CAMPAIGN_CHUNK_SIZE, CAMPAIGN_CHUNK_PAUSE_MS)', () => {
  it('writes 250 messages per transaction without a pause unless told otherwise', () => {
    expect(loadConfig({}).mail).toMatchObject({ campaignChunk: 250, campaignPauseMs: 0 });
    expect(loadConfig({ CAMPAIGN_CHUNK_SIZE: '1', CAMPAIGN_CHUNK_PAUSE_MS: '2000' }).mail).toMatchObject({
      campaignChunk: 1,
      campaignPauseMs: 2000,
    });
  });

  it('refuses a chunk of none, a negative pause, or one over a minute, naming the setting', () => {
    for (const [name, value] of [
      ['CAMPAIGN_CHUNK_SIZE', '0'],
      ['CAMPAIGN_CHUNK_SIZE', 'beaucoup'],
      ['CAMPAIGN_CHUNK_PAUSE_MS', '-1'],
      ['CAMPAIGN_CHUNK_PAUSE_MS', '60001'],
    ]) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(name));
    }
  });
});
