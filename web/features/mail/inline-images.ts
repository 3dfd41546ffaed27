/**
 * The HTML of a message with its inline images (`<img src="cid:…">`, e.g. the QR code) pointing at their bytes, for
 * the preview frame only: a mail client finds them among the message's parts, a browser frame cannot. The message
 * itself stays as it was sent.
 */
export function withInlineImages(html: string, images: readonly { cid: string; dataUri: string }[]): string {
  if (images.length === 0) return html;
  const byCid = new Map(images.map((image) => [image.cid, image.dataUri]));
  return html.replace(
    /(\ssrc\s*=\s*)(["'])cid:([^"']+)\2/gi,
    (whole, before: string, quote: string, cid: string) => {
      const uri = byCid.get(cid);
      return uri ? `${before}${quote}${uri}${quote}` : whole;
    },
  );
}
