import type { TagSection } from '../../../contracts/merge-tags';

/** E3: 0 and 5 have no toolbar (and a low minimum height), 2 a minimal one, 1, 3 and 4 the full one. */
export type EditorType = 0 | 1 | 2 | 3 | 4 | 5;

export interface RichTextEditorProps {
  /** The HTML shown; the editor reads it when it starts and whenever it changes from outside. */
  value: string;
  onChange: (html: string) => void;
  /** Chooses the toolbar; 1 unless told. */
  editorType?: EditorType;
  /** The most visible characters; 0 or undefined mean 500000. */
  maxLength?: number;
  /** Merge-tag groups offered (E5); editor types 2 and 4 default to 1–4. */
  tagGroups?: number[];
  /** Activity sections, for the per-section kiosk and media tags. */
  sections?: TagSection[];
  /**
   * Offer every tag of the spec's catalogue, also those of parts the product does not have (kiosks, media, forum…),
   * which nothing renders; by default only the tags rendered for each recipient are offered.
   */
  allTags?: boolean;
  /** For image uploads: the project the images belong to. */
  projectId?: string;
  label?: string;
  error?: string;
  /** Called when the text goes over the limit (true) or back under it (false). */
  onValidityChange?: (tooLong: boolean) => void;
  'aria-label'?: string;
  autoFocus?: boolean;
}
