import { IMPORT_TARGETS, type ImportTarget } from '../../../contracts/participant-import';

/** A header as compared: accents, case, punctuation and spacing ignored (« Prénom » = "prenom" = "PRÉ-NOM"). */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The French and English words a column of each standard target may be titled with (compared normalised). */
export const HEADER_SYNONYMS: Record<ImportTarget, string[]> = {
  email: [
    'courriel',
    'adresse courriel',
    'e mail',
    'email',
    'mail',
    'adresse e mail',
    'email address',
    'e mail address',
  ],
  firstName: ['prenom', 'first name', 'firstname', 'given name'],
  lastName: ['nom', 'nom de famille', 'last name', 'lastname', 'surname', 'family name'],
  organisation: ['entreprise', 'organisation', 'organization', 'societe', 'company', 'compagnie'],
  jobTitle: ['titre', 'poste', 'fonction', 'job title', 'title', 'position'],
  phone: ['telephone', 'tel', 'phone', 'phone number', 'cellulaire', 'mobile'],
  phonePro: [
    'telephone professionnel',
    'telephone pro',
    'tel pro',
    'work phone',
    'business phone',
    'office phone',
  ],
  role: ['role', 'type de participant', 'participant type'],
  groups: ['groupes', 'groupe', 'groups', 'group'],
  language: ['langue', 'language', 'langue de communication'],
};

export interface OwnField {
  id: string;
  titleFr: string;
  titleEn: string;
}

/**
 * The automatic mapping: each header is matched to a standard target by its French or English synonyms, else to
 * an own profile field by its French or English title, else to a question of the questionnaire (Q1) by its French
 * or English title. A target is given to one column only (the first).
 */
export function matchHeaders(
  headers: readonly string[],
  ownFields: readonly OwnField[],
  questions: readonly { id: string; titleFr: string; titleEn: string }[] = [],
): (string | null)[] {
  const byWord = new Map<string, string>();
  for (const target of IMPORT_TARGETS) for (const word of HEADER_SYNONYMS[target]) byWord.set(word, target);
  const titled = [
    ...ownFields.map((f) => ({ ...f, target: `profile.${f.id}` })),
    ...questions.map((q) => ({ ...q, target: `question.${q.id}` })),
  ];
  for (const item of titled) {
    for (const title of [item.titleFr, item.titleEn]) {
      const word = normaliseHeader(title);
      if (word && !byWord.has(word)) byWord.set(word, item.target);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const found = byWord.get(normaliseHeader(header));
    if (!found || taken.has(found)) return null;
    taken.add(found);
    return found;
  });
}

/** The header a template shows for a standard target, in one language: the names the participant form uses. */
export const TEMPLATE_HEADERS: Record<'fr' | 'en', Record<ImportTarget, string>> = {
  fr: {
    email: 'Courriel',
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    organisation: 'Organisation',
    jobTitle: 'Fonction',
    phone: 'Téléphone',
    phonePro: 'Téléphone professionnel',
    role: 'Rôle',
    groups: 'Groupes',
    language: 'Langue',
  },
  en: {
    email: 'E-mail',
    firstName: 'First name',
    lastName: 'Last name',
    organisation: 'Organisation',
    jobTitle: 'Job title',
    phone: 'Phone',
    phonePro: 'Work phone',
    role: 'Role',
    groups: 'Groups',
    language: 'Language',
  },
};

/** « français », "English", "FR"… → fr | en; null when not understood; empty → undefined (the default). */
export function readLanguage(text: string): 'fr' | 'en' | null | undefined {
  const word = normaliseHeader(text);
  if (!word) return undefined;
  if (['fr', 'francais', 'french', 'fra', 'fre'].includes(word)) return 'fr';
  if (['en', 'anglais', 'english', 'eng', 'ang'].includes(word)) return 'en';
  return null;
}

/**
 * Finds a role or group by the name a cell gives, French or English: the name as written (case aside) first, then
 * the name without accents and punctuation (« sante » for « Santé »). A loose match shared by two items (« C++ »
 * and « C# » are both « c ») finds neither: the row is refused with the name rather than put in the wrong group.
 */
export function nameLookup(items: { id: string; nameFr: string; nameEn: string }[]) {
  const exact = new Map<string, Set<string>>();
  const loose = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, id: string) => {
    if (key) map.set(key, (map.get(key) ?? new Set()).add(id));
  };
  const exactKey = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('fr');
  for (const item of items) {
    for (const name of [item.nameFr, item.nameEn]) {
      add(exact, exactKey(name), item.id);
      add(loose, normaliseHeader(name), item.id);
    }
  }
  const only = (ids: Set<string> | undefined) => (ids?.size === 1 ? [...ids][0] : undefined);
  return (text: string): string | undefined =>
    only(exact.get(exactKey(text))) ??
    (exact.has(exactKey(text)) ? undefined : only(loose.get(normaliseHeader(text))));
}
