/**
 * The plain-text twin of a message's HTML, as a reader of the text part expects it: paragraphs separated by a blank
 * line, list items as lines, links as their address (after their words when those differ), images by their
 * description, entities decoded. Made once per message and language, not per recipient.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  hellip: '…',
  ndash: '–',
  mdash: '—',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The address a link shows in plain text (mailto: without its scheme). */
const shownHref = (href: string) => decodeEntities(href).replace(/^mailto:/i, '');

export function htmlToText(html: string): string {
  const text = html
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/[ \t\r\n]+/g, ' ')
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a>/gi, (_whole, attrs: string, inner: string) => {
      const href = attribute(` ${attrs}`, 'href');
      const words = htmlToText(inner).trim();
      if (!href) return words;
      const address = shownHref(href);
      return !words || words === address ? address : `${words} (${address})`;
    })
    .replace(/<img\b[^>]*>/gi, (tag) => decodeEntities(attribute(tag, 'alt') ?? '').trim())
    .replace(/<iframe\b[^>]*>/gi, (tag) => ` ${decodeEntities(attribute(tag, 'src') ?? '')} `)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<hr\b[^>]*>/gi, '\n\n----\n\n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|table|tr)>/gi, '\n\n')
    .replace(/<(p|div|h[1-6]|ul|ol|blockquote|table|tr)\b[^>]*>/gi, '\n\n')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
