/**
 * E5 merge tags: placeholders an organiser inserts in a text and the e-mail module replaces per recipient.
 * In the HTML a tag is `<span data-merge-tag="firstName" class="merge-tag">…</span>` (plus `data-section-id` for
 * the tags of one activity section); the text inside the span is only a label for the reader.
 */

/** Tag groups (000 §9): 1 names; 2 project and support e-mail; 3 survey link and dashboard; 4 project pages;
 * 5 my kiosks and QR code; 6 tickets link. */
export const TAG_GROUPS = [1, 2, 3, 4, 5, 6] as const;
export type TagGroup = (typeof TAG_GROUPS)[number];

/** Editor types 2 and 4 offer groups 1 to 4 unless told otherwise; the others offer none. */
export const DEFAULT_TAG_GROUPS: Readonly<Record<number, readonly TagGroup[]>> = {
  2: [1, 2, 3, 4],
  4: [1, 2, 3, 4],
};

/** An activity section a tag can point at (kiosk and media sections get one tag each). */
export interface TagSection {
  id: string;
  rel: 'kiosks' | 'media';
  nameFr: string;
  nameEn: string;
}

interface TagDefinition {
  id: string;
  group: TagGroup;
  /** Repeated once per section of this kind instead of appearing once. */
  perSection?: TagSection['rel'];
  /**
   * False for the tags of parts the product does not have (a forum, kiosks…): the editor does not offer them and a
   * message holding one is refused, since nothing could render it.
   */
  offered: boolean;
  /** Renders as a line of plain text: usable in a subject (the others are links, lists or images). */
  inline?: boolean;
}

/** The catalogue, in the order the dropdown shows it. */
export const MERGE_TAGS: readonly TagDefinition[] = [
  { id: 'firstName', group: 1, offered: true, inline: true },
  { id: 'lastName', group: 1, offered: true, inline: true },
  { id: 'projectName', group: 2, offered: true, inline: true },
  { id: 'supportEmail', group: 2, offered: true, inline: true },
  { id: 'surveyLink', group: 3, offered: true },
  { id: 'dashboardLink', group: 3, offered: true },
  { id: 'networking', group: 4, offered: true },
  { id: 'calendar', group: 4, offered: true },
  { id: 'program', group: 4, offered: true },
  { id: 'meetings', group: 4, offered: true },
  { id: 'topic', group: 4, offered: false },
  { id: 'kiosk', group: 4, perSection: 'kiosks', offered: false },
  { id: 'posting', group: 4, offered: false },
  { id: 'media', group: 4, perSection: 'media', offered: false },
  { id: 'forum', group: 4, offered: false },
  { id: 'participants', group: 4, offered: false },
  { id: 'myKiosks', group: 5, offered: false },
  { id: 'qrCode', group: 5, offered: true },
  { id: 'ticketsLink', group: 6, offered: false },
];

export const MERGE_TAG_IDS = MERGE_TAGS.map((tag) => tag.id);
/** The tags a message may hold: the ones rendered for each recipient (E5). */
export const OFFERED_TAG_IDS: ReadonlySet<string> = new Set(
  MERGE_TAGS.filter((tag) => tag.offered).map((tag) => tag.id),
);
/** The offered tags that render as a line of text, the only ones a subject may hold. */
export const INLINE_TAG_IDS: ReadonlySet<string> = new Set(
  MERGE_TAGS.filter((tag) => tag.offered && tag.inline).map((tag) => tag.id),
);

/** One entry of the insertion dropdown. `labelKey` is a locale key; `section` names the section, if any. */
export interface MergeTagChoice {
  id: string;
  group: TagGroup;
  labelKey: string;
  sectionId?: string;
  section?: { fr: string; en: string };
}

export const tagLabelKey = (id: string) => `editor.tags.items.${id}`;
export const tagGroupLabelKey = (group: number) => `editor.tags.groups.g${group}`;

/**
 * The tags of these groups, the per-section ones repeated once per section of their kind (none without sections).
 * Only the offered tags, unless `all` is asked (the catalogue of the spec, e.g. to show an old text's chips).
 */
export function expandTags(
  groups: readonly number[],
  sections: readonly TagSection[] = [],
  options: { all?: boolean } = {},
): MergeTagChoice[] {
  const wanted = new Set(groups);
  const out: MergeTagChoice[] = [];
  for (const tag of MERGE_TAGS) {
    if (!wanted.has(tag.group)) continue;
    if (!tag.offered && !options.all) continue;
    const base = { id: tag.id, group: tag.group, labelKey: tagLabelKey(tag.id) };
    if (!tag.perSection) {
      out.push(base);
      continue;
    }
    for (const section of sections) {
      if (section.rel !== tag.perSection) continue;
      out.push({ ...base, sectionId: section.id, section: { fr: section.nameFr, en: section.nameEn } });
    }
  }
  return out;
}

/** The groups an editor offers: the ones asked for, else its type's default. */
export function tagGroupsFor(editorType: number, groups?: readonly number[]): readonly number[] {
  return groups ?? DEFAULT_TAG_GROUPS[editorType] ?? [];
}
