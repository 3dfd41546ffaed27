import { Menu, SegmentedControl } from '@mantine/core';
import { RichTextEditor as Mantine, useRichTextEditorContext } from '@mantine/tiptap';
import { IconBrandYoutube, IconPhoto, IconTags, IconVideo } from '@tabler/icons-react';
import { useEditorState } from '@tiptap/react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT } from '../../../contracts/files';
import { expandTags, type TagSection, tagGroupLabelKey } from '../../../contracts/merge-tags';
import { IMAGE_STYLES, type ImageStyle } from './extensions';
import { VideoButtonDialog, VideoEmbedDialog } from './video-dialogs';

/** E5: the insertion dropdown of merge tags, by group. */
export function MergeTagMenu({
  groups,
  sections,
  all = false,
}: {
  groups: readonly number[];
  sections: readonly TagSection[];
  /** Also the tags that are not offered (see `expandTags`). */
  all?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const tags = expandTags(groups, sections, { all });
  if (tags.length === 0) return null;
  const byGroup = groups.map((group) => ({ group, tags: tags.filter((tag) => tag.group === group) }));
  return (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Mantine.Control aria-label={t('editor.tags.insert')} title={t('editor.tags.insert')}>
          <IconTags size={16} stroke={1.5} />
        </Mantine.Control>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {byGroup
          .filter((g) => g.tags.length > 0)
          .map(({ group, tags: inGroup }) => (
            <Fragment key={group}>
              <Menu.Label>{t(tagGroupLabelKey(group))}</Menu.Label>
              {inGroup.map((tag) => {
                const sectionName = tag.section
                  ? i18n.language === 'en'
                    ? tag.section.en
                    : tag.section.fr
                  : '';
                const label = t(tag.labelKey, { section: sectionName });
                return (
                  <Menu.Item
                    key={`${tag.id}:${tag.sectionId ?? ''}`}
                    onClick={() =>
                      editor
                        ?.chain()
                        .focus()
                        .insertMergeTag({ id: tag.id, sectionId: tag.sectionId, label })
                        .run()
                    }
                  >
                    {label}
                  </Menu.Item>
                );
              })}
            </Fragment>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** E6: the two video controls and their dialogs. */
export function VideoControls() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [dialog, setDialog] = useState<'button' | 'embed' | null>(null);
  return (
    <>
      <Mantine.Control
        aria-label={t('editor.video.embedTitle')}
        title={t('editor.video.embedTitle')}
        onClick={() => setDialog('embed')}
      >
        <IconBrandYoutube size={16} stroke={1.5} />
      </Mantine.Control>
      <Mantine.Control
        aria-label={t('editor.video.buttonTitle')}
        title={t('editor.video.buttonTitle')}
        onClick={() => setDialog('button')}
      >
        <IconVideo size={16} stroke={1.5} />
      </Mantine.Control>
      <VideoEmbedDialog
        opened={dialog === 'embed'}
        onClose={() => setDialog(null)}
        // A paragraph after the player takes the cursor, so that what is typed next does not replace it.
        onInsert={(html) => editor?.chain().focus().insertContent(`${html}<p></p>`).run()}
      />
      <VideoButtonDialog
        opened={dialog === 'button'}
        onClose={() => setDialog(null)}
        onInsert={(label, link) =>
          editor
            ?.chain()
            .focus()
            .insertContent([
              {
                type: 'text',
                text: label,
                marks: [{ type: 'link', attrs: { href: link, target: '_blank', class: 'video-button' } }],
              },
              { type: 'text', text: ' ' },
            ])
            .run()
        }
      />
    </>
  );
}

/** E7: the image upload control: a file input behind a toolbar button. */
export function ImageControl({ onFile }: { onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Mantine.Control
        aria-label={t('editor.image.insert')}
        title={t('editor.image.insert')}
        onClick={() => input.current?.click()}
      >
        <IconPhoto size={16} stroke={1.5} />
      </Mantine.Control>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="rich-text-image-input"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** E7: the style of the selected image (none, responsive, responsive rounded), shown while an image is selected. */
export function ImageStyleControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      selected: !!e?.isActive('image'),
      style: (e?.getAttributes('image').imageStyle as ImageStyle | null) ?? null,
    }),
  });
  if (!editor || !state?.selected) return null;
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('editor.image.style')}
      value={state.style ?? 'none'}
      onChange={(value) =>
        editor
          .chain()
          .focus()
          .updateAttributes('image', { imageStyle: value === 'none' ? null : value })
          .run()
      }
      data={[
        { value: 'none', label: t('editor.image.styles.none') },
        ...IMAGE_STYLES.map((style) => ({ value: style, label: t(`editor.image.styles.${style}`) })),
      ]}
    />
  );
}
