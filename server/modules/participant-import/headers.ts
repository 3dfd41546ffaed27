import { IMPORT_TARGETS, type ImportTarget } from '../../../contracts/participant-import';
import { normaliseHeader } from '../spreadsheet-import/headers';

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
