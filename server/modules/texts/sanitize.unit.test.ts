import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

/**
 * Known XSS vectors (OWASP filter-evasion cheat sheet and the classics of HTML sanitisers): after sanitising, no
 * script, no event handler, no javascript:/data:/vbscript: address, no foreign frame, no CSS beyond alignment.
 */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.test/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)"/>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">clic</a>',
  '<a href="JAVASCRIPT:alert(1)">clic</a>',
  '<a href="  javascript:alert(1)">clic</a>',
  '<a href="java\u0000script:alert(1)">clic</a>',
  '<a href="vbscript:msgbox(1)">clic</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>',
  '<a href="&#106;avascript:alert(1)">clic</a>',
  '<a href="https://ok.test/" onclick="alert(1)" onmouseover="alert(2)">clic</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">CLICK</math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<style>@import "https://evil.test/x.css";</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="behavior: url(xss.htc)">x</div>',
  '<p style="text-align: center; position: fixed">x</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.test/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com.evil.test/embed/dQw4w9WgXcQ"></iframe>',
  '<iframe src="https://www.youtube.com/redirect?q=https://evil.test"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="//evil.test/"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<div onmouseover="alert(1)">survol</div>',
  '<span data-merge-tag="x" onclick="alert(1)">tag</span>',
  '<span data-merge-tag="&quot;><script>alert(1)</script>">tag</span>',
  '<img src="https://ok.test/a.png" class="img-responsive evil" style="position:fixed">',
  '<img src="https://tracker.example.com/pixel.gif">',
  '<img src="/files/../api/session">',
  '<a href="https://ok.test/" target="_blank">sans rel</a>',
  '<p>unclosed <b>bold <i>italic <script>alert(1)',
  '<<script>script>alert(1)<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<a href="https://ok.test/"\nonclick=alert(1)>x</a>',
  '<template><script>alert(1)</script></template>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<xss onafterscriptexecute=alert(1)><script>1</script>',
  '<a href="http://ok.test/" target="_self" rel="opener">x</a>',
];

/** Something that would run in a browser, or load from elsewhere than an allowed place. */
function executable(html: string): string[] {
  const found: string[] = [];
  if (
    /<\s*(script|style|svg|math|object|embed|form|input|meta|base|link|body|template|noscript|video|audio|details)\b/i.test(
      html,
    )
  ) {
    found.push('forbidden tag');
  }
  if (/\son[a-z]+\s*=/i.test(html)) found.push('event handler');
  if (/(javascript|vbscript|data)\s*:/i.test(html.replace(/&[#\w]+;/g, ''))) found.push('dangerous scheme');
  if (/(expression|url)\s*\(/i.test(html)) found.push('css');
  if (/srcdoc|xlink/i.test(html)) found.push('attribute');
  for (const match of html.matchAll(/<iframe[^>]*src="([^"]*)"/gi)) {
    if (!/^https:\/\/(www\.youtube\.com\/embed\/|player\.vimeo\.com\/video\/)/.test(match[1]))
      found.push('iframe');
  }
  for (const match of html.matchAll(/style="([^"]*)"/gi)) {
    if (!/^text-align:\s*(left|right|center|justify);?$/.test(match[1])) found.push('style');
  }
  if (/<iframe/i.test(html) && !/<iframe[^>]*src="/i.test(html)) found.push('iframe without source');
  for (const match of html.matchAll(/<img[^>]*>/gi)) {
    if (!/src="\/files\/[0-9a-f-]{36}"/.test(match[0])) found.push('image not stored by the site');
  }
  return found;
}

describe('sanitizeRichText: known XSS vectors', () => {
  it.each(VECTORS)('leaves nothing executable of %s', (vector) => {
    const clean = sanitizeRichText(vector);
    expect(executable(clean), clean).toEqual([]);
    // Sanitising is stable: what it wrote is left as it is.
    expect(sanitizeRichText(clean)).toBe(clean);
  });

  it('gives a new tab link rel="noopener noreferrer" and drops an unknown target', () => {
    expect(sanitizeRichText('<a href="https://ok.test/" target="_blank">x</a>')).toBe(
      '<a href="https://ok.test/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://ok.test/" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://ok.test/">x</a>',
    );
  });

  it('keeps the text of what it drops, but not the script', () => {
    expect(sanitizeRichText('<div onmouseover="alert(1)">survol</div>')).toBe('<div>survol</div>');
    expect(sanitizeRichText('<p>un <script>alert(1)</script>deux</p>')).toBe('<p>un deux</p>');
    expect(sanitizeRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('writes alignment in one way', () => {
    expect(sanitizeRichText('<p style="text-align: center;">x</p>')).toBe(
      '<p style="text-align:center">x</p>',
    );
  });

  it('closes unclosed tags', () => {
    expect(sanitizeRichText('<p>unclosed <b>bold <i>italic')).toBe(
      '<p>unclosed <b>bold <i>italic</i></b></p>',
    );
  });
});

describe('sanitizeRichText: legitimate content survives', () => {
  it.each([
    [
      'formatting',
      '<h2>Titre</h2><p><strong>gras</strong> <em>italique</em> <u>souligné</u> <s>barré</s></p>',
    ],
    [
      'lists',
      '<ul><li><p>un</p></li></ul><ol start="3"><li><p>trois</p></li></ol><blockquote><p>cité</p></blockquote>',
    ],
    ['alignment', '<p style="text-align:center">centré</p><h3 style="text-align:right">droite</h3>'],
    ['a merge tag', '<p>Bonjour <span data-merge-tag="firstName" class="merge-tag">Prénom</span></p>'],
    [
      'a merge tag of a section',
      '<p><span data-merge-tag="kiosk" data-section-id="0f6c2b6e-1" class="merge-tag">Kiosque A</span></p>',
    ],
    [
      'a YouTube embed',
      '<div class="video-embed"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube" frameborder="0" allowfullscreen="true"></iframe></div>',
    ],
    [
      'a Vimeo embed',
      '<div class="video-embed"><iframe src="https://player.vimeo.com/video/76979871" title="Vimeo"></iframe></div>',
    ],
    [
      'an uploaded image',
      '<p><img src="/files/0b6c5a8e-6f0e-4d4c-9a57-2f1f4b0f9e11" alt="Photo" class="img-responsive-rounded" /></p>',
    ],
    [
      'links',
      '<p><a href="https://ok.test/page?a=1&amp;b=2">lien</a> <a href="mailto:info@ok.test">courriel</a></p>',
    ],
    [
      'a video-service button',
      '<p><a href="https://zoom.us/j/1" class="video-button" target="_blank" rel="noopener noreferrer">Zoom</a></p>',
    ],
    ['a relative link', '<p><a href="/projects">projets</a></p>'],
  ])('keeps %s', (_, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });
});
