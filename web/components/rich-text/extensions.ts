import { Extension, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { pastedParagraphs } from './rules';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textAlign: {
      setTextAlign: (alignment: 'left' | 'center' | 'right' | 'justify') => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
    mergeTag: {
      insertMergeTag: (attrs: { id: string; sectionId?: string | null; label: string }) => ReturnType;
    };
  }
}

const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** Alignment of paragraphs and headings, as `style="text-align: …"` (the commands Mantine's align controls call). */
export const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: ['heading', 'paragraph'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => {
              const value = element.style.textAlign;
              return (ALIGNMENTS as readonly string[]).includes(value) ? value : null;
            },
            renderHTML: (attributes) =>
              attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      setTextAlign:
        (alignment) =>
        ({ commands }) =>
          ['heading', 'paragraph']
            .map((type) => commands.updateAttributes(type, { textAlign: alignment }))
            .some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          ['heading', 'paragraph'].map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});

/**
 * E5: a merge tag, an inline atom shown as a chip: `<span data-merge-tag="firstName" class="merge-tag">Prénom</span>`.
 * The e-mail module replaces the whole span per recipient; the label is only for the reader.
 */
export const MergeTag = Node.create({
  name: 'mergeTag',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return {
      id: { default: '', parseHTML: (el) => el.getAttribute('data-merge-tag') ?? '', renderHTML: () => ({}) },
      sectionId: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-section-id'),
        renderHTML: () => ({}),
      },
      label: { default: '', parseHTML: (el) => el.textContent ?? '', renderHTML: () => ({}) },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-merge-tag]' }];
  },
  renderHTML({ node }) {
    const attrs: Record<string, string> = { 'data-merge-tag': node.attrs.id, class: 'merge-tag' };
    if (node.attrs.sectionId) attrs['data-section-id'] = node.attrs.sectionId;
    return ['span', attrs, node.attrs.label || node.attrs.id];
  },
  renderText({ node }) {
    return node.attrs.label || node.attrs.id;
  },
  addCommands() {
    return {
      insertMergeTag:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent([
            { type: this.name, attrs },
            { type: 'text', text: ' ' },
          ]),
    };
  },
});

/** E6: an embedded player, 16:9 of the parent's width (`div.video-embed` holds the ratio). */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: (el) => el.querySelector('iframe')?.getAttribute('src') ?? null },
      title: { default: null, parseHTML: (el) => el.querySelector('iframe')?.getAttribute('title') ?? null },
    };
  },
  parseHTML() {
    return [{ tag: 'div.video-embed', getAttrs: (el) => (el.querySelector('iframe[src]') ? null : false) }];
  },
  renderHTML({ node }) {
    return [
      'div',
      { class: 'video-embed' },
      [
        'iframe',
        {
          src: node.attrs.src,
          title: node.attrs.title ?? 'Video',
          frameborder: '0',
          allow: 'accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen',
          allowfullscreen: 'true',
        },
      ],
    ];
  },
});

export const IMAGE_STYLES = ['img-responsive', 'img-responsive-rounded'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

/** E7: images with a style class, and a mark while they upload (shown faded, never saved). */
export const StyledImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      imageStyle: {
        default: null,
        parseHTML: (el) => IMAGE_STYLES.find((c) => el.classList.contains(c)) ?? null,
        renderHTML: (attrs) => (attrs.imageStyle ? { class: attrs.imageStyle } : {}),
      },
      uploading: {
        default: false,
        parseHTML: () => false,
        renderHTML: (attrs) => (attrs.uploading ? { 'data-uploading': 'true' } : {}),
      },
    };
  },
}).configure({ inline: false, allowBase64: false });

/** E4: whatever is pasted arrives as plain text, one paragraph per line. */
export const PlainPaste = Extension.create({
  name: 'plainPaste',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('plainPaste'),
        props: {
          handlePaste: (_view, event) => {
            const text = event.clipboardData?.getData('text/plain') ?? '';
            if (!text) return event.clipboardData?.types.includes('text/html') ?? false;
            const lines = pastedParagraphs(text);
            if (lines.length === 0) return true;
            if (lines.length === 1) {
              editor.chain().focus().insertContent({ type: 'text', text: lines[0] }).run();
              return true;
            }
            editor
              .chain()
              .focus()
              .insertContent(
                lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
              )
              .run();
            return true;
          },
        },
      }),
    ];
  },
});

export function editorExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['mailto', 'tel'],
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url, ctx) => /^(https?:|mailto:|tel:|\/)/i.test(url) && ctx.defaultValidate(url),
      },
    }),
    TextAlign,
    MergeTag,
    VideoEmbed,
    StyledImage,
    PlainPaste,
    Placeholder.configure({ placeholder }),
  ];
}
