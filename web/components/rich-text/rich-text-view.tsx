import { Box, type BoxProps } from '@mantine/core';
import './rich-text.css';

/**
 * A rich text as the server stored it (sanitised on save, server/modules/texts/sanitize.ts): shown as HTML, with
 * the merge-tag chips, video frames and image styles of the editor.
 */
export function RichTextView({ html, ...props }: { html: string } & BoxProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from the server's allowlist sanitiser
  return <Box className="rich-text" {...props} dangerouslySetInnerHTML={{ __html: html }} />;
}
