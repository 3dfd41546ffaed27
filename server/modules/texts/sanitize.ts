import sanitizeHtml from 'sanitize-html';
import { EMBED_SOURCE } from './embed';

/**
 * Every rich text is cleaned on the server before it is saved: an allowlist of tags, attributes, classes, styles
 * and URL schemes (sanitize-html). Anything not listed is dropped; the text inside a dropped tag is kept, except
 * for script, style and the like, dropped whole.
 *
 * - Merge tags survive as `<span data-merge-tag="…" class="merge-tag">`.
 * - Videos survive only as iframes whose address is exactly a YouTube or Vimeo embed address (embed.ts), inside
 *   `<div class="video-embed">`.
 * - Images: only those stored by this site (`/files/<id>`, see contracts/files.ts), so a text can carry neither a
 *   tracking pixel nor a remote image; classes `img-responsive` and `img-responsive-rounded`.
 * - Links: http(s), mailto and tel, or a path of this site; a link opening a new tab gets `rel="noopener noreferrer"`.
 * - Alignment: `style="text-align: …"` on paragraphs and headings, nothing else of CSS.
 */
const alignable = ['style'];
const STORED_IMAGE = /^\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'span',
    'div',
    'iframe',
    'hr',
    'sub',
    'sup',
    'mark',
  ],
  // Dropped with everything inside them (the default list, plus the namespaces of svg and math tricks).
  nonTextTags: [
    'style',
    'script',
    'textarea',
    'option',
    'noscript',
    'svg',
    'math',
    'template',
    'title',
    'object',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'class'],
    img: ['src', 'alt', 'title', 'width', 'height', 'class'],
    span: ['data-merge-tag', 'data-section-id', 'class'],
    div: ['class'],
    iframe: ['src', 'title', 'allow', 'allowfullscreen', 'frameborder'],
    ol: ['start'],
    p: alignable,
    h1: alignable,
    h2: alignable,
    h3: alignable,
    h4: alignable,
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedClasses: {
    a: ['video-button'],
    img: ['img-responsive', 'img-responsive-rounded'],
    span: ['merge-tag'],
    div: ['video-embed'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  allowedScriptHostnames: [],
  allowVulnerableTags: false,
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target !== undefined && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    span: (tagName, attribs) => {
      // A merge tag names one of the catalogue's ids (letters only); anything else is a plain span.
      const out = { ...attribs };
      if (out['data-merge-tag'] !== undefined && !/^[A-Za-z]{1,40}$/.test(out['data-merge-tag'])) {
        delete out['data-merge-tag'];
      }
      if (out['data-section-id'] !== undefined && !/^[A-Za-z0-9-]{1,64}$/.test(out['data-section-id'])) {
        delete out['data-section-id'];
      }
      return { tagName, attribs: out };
    },
  },
  // An iframe is kept only with exactly a video embed address; a span only as a merge tag or for its text.
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !EMBED_SOURCE.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'img' && !STORED_IMAGE.test(frame.attribs.src ?? '')),
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
