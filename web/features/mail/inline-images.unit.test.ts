import { describe, expect, it } from 'vitest';
import { withInlineImages } from './inline-images';

describe('withInlineImages (the outbox preview frame)', () => {
  const qr = { cid: 'qr-1@maillage', dataUri: 'data:image/png;base64,AAAA' };

  it('points the cid images of the message at their bytes', () => {
    expect(withInlineImages('<p><img src="cid:qr-1@maillage" alt="Code QR"></p>', [qr])).toBe(
      '<p><img src="data:image/png;base64,AAAA" alt="Code QR"></p>',
    );
    expect(withInlineImages("<img alt='x' src='cid:qr-1@maillage'>", [qr])).toBe(
      "<img alt='x' src='data:image/png;base64,AAAA'>",
    );
  });

  it('leaves other sources, unknown cids and text mentioning cid: alone', () => {
    const html = '<p>cid:qr-1@maillage</p><img src="cid:other"><img src="https://x.test/a.png">';
    expect(withInlineImages(html, [qr])).toBe(html);
    expect(withInlineImages('<img src="cid:qr-1@maillage">', [])).toBe('<img src="cid:qr-1@maillage">');
  });
});
