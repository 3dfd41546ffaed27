import { editorMaxLength, visibleLength } from '../../../contracts/texts';
import type { EditorType } from './types';

/** E3: types 0 and 5 have no toolbar, 2 a minimal one, the others the full one. */
export function toolbarOf(editorType: EditorType): 'none' | 'minimal' | 'full' {
  if (editorType === 0 || editorType === 5) return 'none';
  return editorType === 2 ? 'minimal' : 'full';
}

/** E3: the content's minimum height, in pixels. */
export const minHeightOf = (editorType: EditorType) => (editorType === 0 || editorType === 5 ? 120 : 300);

/** E3: the counter the editor shows, and whether saving is blocked. */
export function countOf(html: string, maxLength: number | undefined) {
  const max = editorMaxLength(maxLength);
  const count = visibleLength(html);
  return { count, max, tooLong: count > max };
}

/** E6: a video-service button links to http(s) or to this site. */
export function isServiceLink(link: string, origin: string): boolean {
  const value = link.trim();
  return (
    value.startsWith('http://') || value.startsWith('https://') || (!!origin && value.startsWith(origin))
  );
}

/** E6: an embed answer is inserted only when its HTML is longer than 5 characters. */
export const isUsableEmbed = (html: string | undefined | null) => typeof html === 'string' && html.length > 5;

/** E4: pasted text becomes one paragraph per line (empty lines dropped). */
export function pastedParagraphs(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '');
}
