import sanitizeHtml from 'sanitize-html';

/**
 * Every rich text is cleaned on the server before it is saved: an allowlist of tags, attributes and URL schemes
 * (sanitize-html). Merge tags survive as `<span data-merge-tag="…">`; videos only as iframes of YouTube and Vimeo.
 */
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
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'class'],
    span: ['data-merge-tag', 'data-section-id', 'class'],
    div: ['data-video-embed', 'class'],
    iframe: ['src', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder', 'title'],
    p: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedClasses: {
    img: ['img-responsive', 'img-responsive-rounded'],
    span: ['merge-tag'],
    div: ['video-embed'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  // Images stored by the app are served from /files/…: relative URLs are allowed for them only.
  allowedScriptHostnames: [],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
