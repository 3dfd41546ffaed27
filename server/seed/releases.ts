import type { Executor } from '../db/client';
import { releaseEntries, releases } from '../db/schema';
import { RELEASE_TEXT_KIND } from '../modules/releases/service';
import { saveText } from '../modules/texts/repository';

type Text = { fr: string; en: string };
interface SeedRelease {
  version: string;
  releasedOn: string | null;
  isActive: boolean;
  items: Text[];
  categories: { name: Text; items: Text[] }[];
}

const p = (fr: string, en: string): Text => ({ fr: `<p>${fr}</p>`, en: `<p>${en}</p>` });

/** The product's own history: 0.1 the foundation, 0.2 the editing kit, 0.3 in preparation (not shown yet). */
const RELEASES: SeedRelease[] = [
  {
    version: '0.1',
    releasedOn: '2026-10-19',
    isActive: true,
    items: [],
    categories: [
      {
        name: { fr: 'Connexion et sessions', en: 'Sign-in and sessions' },
        items: [
          p(
            'Connexion par <strong>courriel et mot de passe</strong>; un avertissement propose de prolonger la session avant qu’elle se ferme.',
            'Sign in with your <strong>e-mail address and password</strong>; a warning offers to extend the session before it closes.',
          ),
          p(
            'La langue choisie (français ou anglais) est retenue pour chaque compte.',
            'The language you choose (French or English) is remembered for your account.',
          ),
        ],
      },
      {
        name: { fr: 'Projets', en: 'Projects' },
        items: [
          p(
            'Liste des projets avec recherche, tri et pagination.',
            'Project list with search, sorting and paging.',
          ),
          p(
            'Création et modification d’un projet : noms en français et en anglais, dates et fuseau horaire.',
            'Create and edit a project: French and English names, dates and time zone.',
          ),
        ],
      },
      {
        name: { fr: 'Administration', en: 'Administration' },
        items: [
          p(
            'Les super-administrateurs gèrent les entreprises : création, archivage et suppression.',
            'Super-admins manage companies: create, archive and delete.',
          ),
          p(
            'Recherche globale et changement d’entreprise, consignés dans un registre.',
            'Global search and company switching, kept in a record.',
          ),
        ],
      },
    ],
  },
  {
    version: '0.2',
    releasedOn: '2026-11-20',
    isActive: true,
    items: [
      p(
        'Cette version apporte la <strong>trousse d’édition</strong> : tout ce qu’il faut pour rédiger et présenter vos contenus dans les deux langues.',
        'This version brings the <strong>editing kit</strong>: everything you need to write and present your content in both languages.',
      ),
    ],
    categories: [
      {
        name: { fr: 'Édition de textes', en: 'Text editing' },
        items: [
          p(
            'Éditeur de texte enrichi avec compteur de caractères, balises de fusion et vidéos intégrées.',
            'Rich-text editor with a character counter, merge tags and embedded videos.',
          ),
          p(
            'Les textes à traduire sont signalés tant qu’une des deux langues est vide.',
            'Texts still to translate are flagged while one of the two languages is empty.',
          ),
        ],
      },
      {
        name: { fr: 'Images et fichiers', en: 'Images and files' },
        items: [
          p(
            'Recadrage des images aux dimensions demandées, avec zoom, déplacement et rotation.',
            'Crop images to the required size, with zoom, move and rotate.',
          ),
          p(
            'Numéros de téléphone de tous les pays, enregistrés au format international.',
            'Phone numbers from any country, saved in international format.',
          ),
        ],
      },
      {
        name: { fr: 'Organisation', en: 'Organisation' },
        items: [
          p(
            'Listes à réordonner par glisser-déposer, ou au clavier.',
            'Lists you can reorder by drag and drop, or with the keyboard.',
          ),
          p('Notes de version et page « Nouveautés ».', 'Release notes and the “What’s new” page.'),
        ],
      },
    ],
  },
  {
    version: '0.3',
    releasedOn: null,
    isActive: false,
    items: [],
    categories: [
      {
        name: { fr: 'Participants', en: 'Participants' },
        items: [
          p(
            'Liste des participants avec filtres et fiche détaillée.',
            'Participant list with filters and a detailed record.',
          ),
          p(
            'Importation de participants à partir d’un fichier Excel.',
            'Import participants from an Excel file.',
          ),
        ],
      },
    ],
  },
];

const SCOPE = { companyId: null, projectId: null };

/**
 * A5: the product's release notes shown on "What's new", when there are none yet (the demo added beside other
 * companies keeps the notes the database has). Owner: release notes.
 */
export async function seedReleases(db: Executor) {
  const [existing] = await db.select({ id: releases.id }).from(releases).limit(1);
  if (existing) return;
  for (const release of RELEASES) {
    const [row] = await db
      .insert(releases)
      .values({ version: release.version, releasedOn: release.releasedOn, isActive: release.isActive })
      .returning({ id: releases.id });
    let position = 0;
    const add = async (text: Text, isCategory: boolean, categoryId: string | null) => {
      const [entry] = await db
        .insert(releaseEntries)
        .values({ releaseId: row.id, isCategory, categoryId, position: position++ })
        .returning({ id: releaseEntries.id });
      await saveText(db, SCOPE, RELEASE_TEXT_KIND, entry.id, text);
      return entry.id;
    };
    for (const item of release.items) await add(item, false, null);
    for (const category of release.categories) {
      const categoryId = await add(category.name, true, null);
      for (const item of category.items) await add(item, false, categoryId);
    }
  }
}
