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
}

/** The catalogue, in the order the dropdown shows it. */
export const MERGE_TAGS: readonly TagDefinition[] = [
  { id: 'firstName', group: 1 },
  { id: 'lastName', group: 1 },
  { id: 'projectName', group: 2 },
  { id: 'supportEmail', group: 2 },
  { id: 'surveyLink', group: 3 },
  { id: 'dashboardLink', group: 3 },
  { id: 'networking', group: 4 },
  { id: 'calendar', group: 4 },
  { id: 'program', group: 4 },
  { id: 'topic', group: 4 },
  { id: 'kiosk', group: 4, perSection: 'kiosks' },
  { id: 'posting', group: 4 },
  { id: 'media', group: 4, perSection: 'media' },
  { id: 'forum', group: 4 },
  { id: 'participants', group: 4 },
  { id: 'myKiosks', group: 5 },
  { id: 'qrCode', group: 5 },
  { id: 'ticketsLink', group: 6 },
];

export const MERGE_TAG_IDS = MERGE_TAGS.map((tag) => tag.id);

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

/** The tags of these groups, the per-section ones repeated once per section of their kind (none without sections). */
export function expandTags(
  groups: readonly number[],
  sections: readonly TagSection[] = [],
): MergeTagChoice[] {
  const wanted = new Set(groups);
  const out: MergeTagChoice[] = [];
  for (const tag of MERGE_TAGS) {
    if (!wanted.has(tag.group)) continue;
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
