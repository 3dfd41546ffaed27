import { AppError } from '../../http/errors';

/**
 * E6: a video link turned into an embedded player. Only YouTube (watch, youtu.be, shorts, embed, live forms) and
 * Vimeo addresses are accepted; the player fills the parent's width at 16:9 (`.video-embed` sets the ratio).
 */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/** The embed address of a supported video link, or null. */
export function embedAddress(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (parts[0] === 'watch') youtube = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0])) youtube = parts[1];
  }
  if (youtube !== undefined) {
    return YOUTUBE_ID.test(youtube) ? `https://www.youtube.com/embed/${youtube}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...parts].reverse().find((p) => VIMEO_ID.test(p));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}

/** The embed addresses the sanitiser lets through in an iframe, and nothing else. */
export const EMBED_SOURCE =
  /^https:\/\/(www\.youtube\.com\/embed\/[A-Za-z0-9_-]{11}|player\.vimeo\.com\/video\/\d{1,12})$/;

export function embedHtml(src: string): string {
  const title = src.includes('vimeo') ? 'Vimeo' : 'YouTube';
  return (
    `<div class="video-embed"><iframe src="${src}" title="${title}" frameborder="0" ` +
    'allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen" ' +
    'allowfullscreen="true"></iframe></div>'
  );
}

export function createVideoEmbed(link: string) {
  const src = embedAddress(link);
  if (!src) throw AppError.field('url', 'editor.validation.videoLink');
  return { html: embedHtml(src) };
}
