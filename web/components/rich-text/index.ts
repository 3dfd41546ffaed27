/**
 * The rich-text editor (E3–E7). The tiptap code is a chunk of its own, loaded the first time an editor shows;
 * a skeleton of the editor's height stands in meanwhile.
 */
export { RichTextEditor } from './lazy-editor';
export { RichTextView } from './rich-text-view';
export type { EditorType, RichTextEditorProps } from './types';
