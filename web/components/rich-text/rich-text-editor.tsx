import '@mantine/tiptap/styles.css';
import './rich-text.css';
import { Input } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RichTextEditor as Mantine, type RichTextEditorLabels } from '@mantine/tiptap';
import { type Editor, useEditor } from '@tiptap/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagGroupsFor } from '../../../contracts/merge-tags';
import { ApiError } from '../../lib/api';
import { CharacterCounter } from './character-counter';
import { editorExtensions } from './extensions';
import { countOf, minHeightOf, toolbarOf } from './rules';
import { ImageControl, ImageStyleControl, MergeTagMenu, VideoControls } from './toolbar';
import type { RichTextEditorProps } from './types';
import { uploadImage } from './upload';

export type { RichTextEditorProps } from './types';

/** The position of the image with this address, or -1. */
function findImage(editor: Editor, src: string) {
  let found = -1;
  editor.state.doc.descendants((node, pos) => {
    if (found >= 0) return false;
    if (node.type.name === 'image' && node.attrs.src === src) found = pos;
    return found < 0;
  });
  return found;
}

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation();
  return useMemo(() => {
    const c = (key: string) => t(`editor.controls.${key}`);
    return {
      boldControlLabel: c('bold'),
      italicControlLabel: c('italic'),
      underlineControlLabel: c('underline'),
      strikeControlLabel: c('strike'),
      clearFormattingControlLabel: c('clearFormatting'),
      linkControlLabel: c('link'),
      unlinkControlLabel: c('unlink'),
      bulletListControlLabel: c('bulletList'),
      orderedListControlLabel: c('orderedList'),
      h2ControlLabel: c('h2'),
      h3ControlLabel: c('h3'),
      h4ControlLabel: c('h4'),
      blockquoteControlLabel: c('blockquote'),
      hrControlLabel: c('hr'),
      alignLeftControlLabel: c('alignLeft'),
      alignCenterControlLabel: c('alignCenter'),
      alignRightControlLabel: c('alignRight'),
      alignJustifyControlLabel: c('alignJustify'),
      undoControlLabel: c('undo'),
      redoControlLabel: c('redo'),
      linkEditorInputLabel: c('linkInput'),
      linkEditorInputPlaceholder: c('linkPlaceholder'),
      linkEditorExternalLink: c('linkExternal'),
      linkEditorInternalLink: c('linkInternal'),
      linkEditorSave: c('linkSave'),
    };
  }, [t]);
}

/**
 * The rich-text editor (E3–E7): Mantine's tiptap editor with the toolbar of its type, a live counter of visible
 * characters that turns red over the limit (and tells the caller, who blocks saving), plain-text paste, merge tags,
 * videos and uploaded images.
 */
export function RichTextEditor({
  value,
  onChange,
  editorType = 1,
  maxLength,
  tagGroups,
  sections = [],
  allTags = false,
  projectId,
  label,
  error,
  onValidityChange,
  'aria-label': ariaLabel,
  autoFocus,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const labels = useLabels();
  const counterId = useId();
  const toolbar = toolbarOf(editorType);
  const groups = tagGroupsFor(editorType, tagGroups);
  const [stats, setStats] = useState(() => countOf(value, maxLength));
  const emitted = useRef(value);
  const latest = useRef({ onChange, maxLength });
  latest.current = { onChange, maxLength };

  const editor = useEditor({
    extensions: editorExtensions(t('editor.placeholder')),
    content: value,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        style: `min-height: ${minHeightOf(editorType)}px`,
        'aria-label': ariaLabel ?? label ?? t('editor.ariaLabel'),
        'aria-describedby': counterId,
        role: 'textbox',
        'aria-multiline': 'true',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      emitted.current = html;
      setStats(countOf(html, latest.current.maxLength));
      latest.current.onChange(html);
    },
  });

  // A value changed from outside (another language loaded, a reset) replaces the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
    setStats(countOf(value, maxLength));
  }, [editor, value, maxLength]);

  useEffect(() => {
    setStats(countOf(emitted.current, maxLength));
  }, [maxLength]);

  const tooLong = stats.tooLong;
  const reported = useRef<boolean | null>(null);
  useEffect(() => {
    if (reported.current === tooLong) return;
    reported.current = tooLong;
    onValidityChange?.(tooLong);
  }, [tooLong, onValidityChange]);

  /** E7: the image shows at once (faded) while it uploads; a failure removes it and says so. */
  async function handleImage(file: File) {
    if (!editor) return;
    const preview = URL.createObjectURL(file);
    editor
      .chain()
      .focus()
      .insertContent([
        { type: 'image', attrs: { src: preview, alt: '', uploading: true } },
        { type: 'paragraph' },
      ])
      .run();
    try {
      const location = await uploadImage(file, projectId);
      if (editor.isDestroyed) return;
      const pos = findImage(editor, preview);
      if (pos >= 0) {
        const node = editor.state.doc.nodeAt(pos);
        editor.view.dispatch(
          editor.state.tr.setNodeMarkup(pos, undefined, { ...node?.attrs, src: location, uploading: false }),
        );
      }
    } catch (failure) {
      if (!editor.isDestroyed) {
        const pos = findImage(editor, preview);
        const node = pos >= 0 ? editor.state.doc.nodeAt(pos) : null;
        if (node) editor.view.dispatch(editor.state.tr.delete(pos, pos + node.nodeSize));
      }
      // E7: the upload error, with the server's reason when it gave one (not an image, too large…).
      const reason = failure instanceof ApiError ? (failure.fields[0]?.message ?? '') : '';
      notifications.show({
        color: 'red',
        title: reason ? t('editor.image.uploadError') : undefined,
        message: reason || t('editor.image.uploadError'),
      });
    } finally {
      URL.revokeObjectURL(preview);
    }
  }

  return (
    <Input.Wrapper label={label} error={error}>
      <Mantine editor={editor} labels={labels} data-editor-type={editorType}>
        {toolbar !== 'none' && (
          <Mantine.Toolbar>
            <Mantine.ControlsGroup>
              <Mantine.Bold />
              <Mantine.Italic />
              <Mantine.Underline />
              {toolbar === 'full' && <Mantine.Strikethrough />}
              {toolbar === 'full' && <Mantine.ClearFormatting />}
            </Mantine.ControlsGroup>
            {toolbar === 'full' && (
              <>
                <Mantine.ControlsGroup>
                  <Mantine.H2 />
                  <Mantine.H3 />
                  <Mantine.H4 />
                </Mantine.ControlsGroup>
                <Mantine.ControlsGroup>
                  <Mantine.BulletList />
                  <Mantine.OrderedList />
                  <Mantine.Blockquote />
                  <Mantine.Hr />
                </Mantine.ControlsGroup>
                <Mantine.ControlsGroup>
                  <Mantine.AlignLeft />
                  <Mantine.AlignCenter />
                  <Mantine.AlignRight />
                  <Mantine.AlignJustify />
                </Mantine.ControlsGroup>
              </>
            )}
            <Mantine.ControlsGroup>
              <Mantine.Link />
              <Mantine.Unlink />
            </Mantine.ControlsGroup>
            {toolbar === 'full' && (
              <Mantine.ControlsGroup>
                <ImageControl onFile={(file) => void handleImage(file)} />
                <VideoControls />
              </Mantine.ControlsGroup>
            )}
            {groups.length > 0 && (
              <Mantine.ControlsGroup>
                <MergeTagMenu groups={groups} sections={sections} all={allTags} />
              </Mantine.ControlsGroup>
            )}
            {toolbar === 'full' && (
              <Mantine.ControlsGroup>
                <Mantine.Undo />
                <Mantine.Redo />
              </Mantine.ControlsGroup>
            )}
            {toolbar === 'full' && <ImageStyleControl />}
          </Mantine.Toolbar>
        )}
        <Mantine.Content />
      </Mantine>
      <CharacterCounter id={counterId} used={stats.count} max={stats.max} />
    </Input.Wrapper>
  );
}
