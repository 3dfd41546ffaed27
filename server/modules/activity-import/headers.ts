import { normaliseHeader } from '../spreadsheet-import/headers';

/**
 * V1 import: the columns of an activity file and the French and English words their headers may be written with
 * (compared without accents, case or punctuation, as the participant import compares them). Pure: the reading thread
 * loads it to find the header row.
 */

export const ACTIVITY_IMPORT_TARGETS = [
  'titleFr',
  'titleEn',
  'type',
  'startsAt',
  'durationMinutes',
  'noDate',
  'category',
  'section',
  'maxMembers',
  'hybridType',
  'location',
] as const;
export type ActivityImportTarget = (typeof ACTIVITY_IMPORT_TARGETS)[number];

export const ACTIVITY_HEADER_SYNONYMS: Record<ActivityImportTarget, string[]> = {
  titleFr: [
    'titre fr',
    'titre francais',
    'titre en francais',
    'title fr',
    'french title',
    'title french',
    'titre',
  ],
  titleEn: [
    'titre en',
    'titre anglais',
    'titre en anglais',
    'title en',
    'english title',
    'title english',
    'title',
  ],
  type: ['type', 'type d activite', 'activity type'],
  startsAt: [
    'debut',
    'date et heure',
    'date de debut',
    'heure de debut',
    'start',
    'starts at',
    'start time',
    'start date',
  ],
  durationMinutes: ['duree', 'duree minutes', 'duree en minutes', 'duration', 'duration minutes', 'minutes'],
  noDate: ['sans date', 'no date', 'undated', 'without date'],
  category: ['categorie', 'category'],
  section: ['section', 'menu'],
  maxMembers: [
    'membres max',
    'maximum de membres',
    'nombre maximal de membres',
    'max members',
    'maximum members',
    'capacite',
    'capacity',
  ],
  hybridType: ['type hybride', 'hybride', 'mode', 'format', 'hybrid type', 'hybrid'],
  location: ['lieu', 'salle', 'emplacement', 'location', 'room', 'venue'],
};

/** The header a template shows for each column, in one language (the names of the activity form). */
export const ACTIVITY_TEMPLATE_HEADERS: Record<'fr' | 'en', Record<ActivityImportTarget, string>> = {
  fr: {
    titleFr: 'Titre FR',
    titleEn: 'Titre EN',
    type: 'Type',
    startsAt: 'Début',
    durationMinutes: 'Durée (minutes)',
    noDate: 'Sans date',
    category: 'Catégorie',
    section: 'Section',
    maxMembers: 'Membres max',
    hybridType: 'Type hybride',
    location: 'Lieu',
  },
  en: {
    titleFr: 'Title FR',
    titleEn: 'Title EN',
    type: 'Type',
    startsAt: 'Start',
    durationMinutes: 'Duration (minutes)',
    noDate: 'No date',
    category: 'Category',
    section: 'Section',
    maxMembers: 'Max members',
    hybridType: 'Hybrid type',
    location: 'Location',
  },
};

/** The automatic mapping of an activity file: each header by its words (the template's own headers included). */
export function matchActivityHeaders(headers: readonly string[]): (string | null)[] {
  const byWord = new Map<string, string>();
  for (const target of ACTIVITY_IMPORT_TARGETS) {
    for (const word of [
      ...ACTIVITY_HEADER_SYNONYMS[target],
      normaliseHeader(ACTIVITY_TEMPLATE_HEADERS.fr[target]),
      normaliseHeader(ACTIVITY_TEMPLATE_HEADERS.en[target]),
    ])
      if (!byWord.has(word)) byWord.set(word, target);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const found = byWord.get(normaliseHeader(header));
    if (!found || taken.has(found)) return null;
    taken.add(found);
    return found;
  });
}

/** Every header word of an activity file, normalised: how the reading finds the header row. */
export const ACTIVITY_HEADER_WORDS = new Set(
  ACTIVITY_IMPORT_TARGETS.flatMap((t) => [
    ...ACTIVITY_HEADER_SYNONYMS[t],
    normaliseHeader(ACTIVITY_TEMPLATE_HEADERS.fr[t]),
    normaliseHeader(ACTIVITY_TEMPLATE_HEADERS.en[t]),
  ]),
);
