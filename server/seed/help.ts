import type { HelpValues } from '../../contracts/help';
import type { Executor } from '../db/client';
import { findHelpByScreen } from '../modules/help/repository';
import { writeHelp } from '../modules/help/service';

/** E10: the help of the main screens of the demo, in French and English. Owner: help texts. */
export const DEMO_HELP: HelpValues[] = [
  {
    screen: 'projects.list',
    isActive: true,
    title: { fr: 'La liste des projets', en: 'The project list' },
    description: {
      fr: 'Chaque projet est un événement de votre entreprise.\nCherchez par nom (Entrée pour appliquer), triez en cliquant sur un titre de colonne et filtrez les projets actifs ou inactifs.\nCliquez sur un projet pour l’ouvrir : il devient le projet sélectionné du menu.',
      en: 'Each project is one event of your company.\nSearch by name (Enter to apply), sort by clicking a column heading and filter active or inactive projects.\nClick a project to open it: it becomes the selected project of the menu.',
    },
  },
  {
    screen: 'projects.new',
    isActive: true,
    title: { fr: 'Créer un projet', en: 'Create a project' },
    description: {
      fr: 'L’assistant vous guide page par page : nom en français et en anglais, dates, fuseau horaire et langue.\nVous pouvez revenir en arrière à tout moment ; le projet est créé à la dernière page.',
      en: 'The wizard guides you page by page: name in French and English, dates, time zone and language.\nYou may go back at any time; the project is created on the last page.',
    },
  },
  {
    screen: 'project.dashboard',
    isActive: true,
    title: { fr: 'Le tableau de bord du projet', en: 'The project dashboard' },
    description: {
      fr: 'Le tableau de bord résume l’avancement du projet : les modules à configurer et les tâches qui restent.\nCochez une tâche quand elle est faite.',
      en: 'The dashboard sums up how the project is going: the modules to set up and the tasks left.\nTick a task once it is done.',
    },
  },
  {
    screen: 'project.settings',
    isActive: true,
    title: { fr: 'La configuration du projet', en: 'Project settings' },
    description: {
      fr: 'Les onglets regroupent les réglages du projet : informations générales, options, image, couleurs et textes.\nL’onglet Statut active ou désactive le projet.\nUne bannière vous avertit tant que des modifications ne sont pas enregistrées.',
      en: 'The tabs group the project’s settings: general information, options, branding, colours and texts.\nThe Status tab turns the project on or off.\nA banner warns you while changes are not saved.',
    },
  },
  {
    screen: 'admin.organisation',
    isActive: true,
    title: { fr: 'Votre organisation', en: 'Your organisation' },
    description: {
      fr: 'Les coordonnées de votre entreprise : nom, courriel de contact, téléphone, adresse, site Web et logo.\nChoisissez le pays du numéro dans la liste (vous pouvez y chercher), puis tapez le numéro : il est enregistré en format international.',
      en: 'Your company’s details: name, contact e-mail, phone, address, website and logo.\nChoose the country of the number in the list (you can search it), then type the number: it is saved in international format.',
    },
  },
  {
    screen: 'admin.companies',
    isActive: true,
    title: { fr: 'Les entreprises', en: 'Companies' },
    description: {
      fr: 'Réservé aux super-administrateurs : créez, modifiez, archivez ou supprimez les entreprises clientes.\nUne entreprise archivée garde ses données, mais ses utilisateurs ne peuvent plus se connecter.',
      en: 'For super-administrators: create, edit, archive or delete client companies.\nAn archived company keeps its data, but its users can no longer sign in.',
    },
  },
  {
    screen: 'admin.users',
    isActive: true,
    title: { fr: 'Les utilisateurs', en: 'Users' },
    description: {
      fr: 'Les personnes de votre entreprise qui se connectent à Maillage, par rôle : invitez-en par courriel, modifiez-les, générez un NIP pour un poste partagé sur place, supprimez-les (ce qu’elles ont fait reste, à leur nom).',
      en: 'The people of your company who sign in to Maillage, by role: invite them by e-mail, edit them, generate a PIN for a shared device at the venue, delete them (what they made stays, under their name).',
    },
  },
  {
    screen: 'admin.access',
    isActive: true,
    title: { fr: 'Le contrôle d’accès', en: 'Access control' },
    description: {
      fr: 'Qui peut faire quoi : le rôle de chaque utilisateur dans l’entreprise (administrateur, organisateur, lecture seule) et, si vous le voulez, les seuls projets qu’il peut ouvrir, avec un rôle par projet. Retirer un accès prend effet en quelques secondes.',
      en: 'Who may do what: each user’s role in the company (administrator, organiser, read-only) and, if you want, the only projects they may open, with a role in each. Revoking an access takes effect within seconds.',
    },
  },
  {
    screen: 'admin.audit',
    isActive: true,
    title: { fr: 'Le journal des modifications', en: 'The audit log' },
    description: {
      fr: 'Qui a modifié quoi, et quand : participants, activités, paiements, ventes, accès et utilisateurs. Filtrez par auteur, élément, action, projet ou dates, puis exportez en CSV.\nLe journal nomme les champs modifiés, jamais leurs valeurs. Les événements plus anciens que la durée de conservation (un an par défaut) sont effacés chaque nuit.',
      en: 'Who changed what, and when: participants, activities, payments, sales, access and users. Filter by author, record, action, project or dates, then export as CSV.\nThe log names the fields that changed, never their values. Events older than the retention period (one year by default) are deleted every night.',
    },
  },
  {
    screen: 'whatsNew',
    isActive: true,
    title: { fr: 'Les nouveautés', en: 'What’s new' },
    description: {
      fr: 'Les notes de version de Maillage, de la plus récente à la plus ancienne.',
      en: 'Maillage’s release notes, newest first.',
    },
  },
];

/** The demo's help of each screen that has none yet: a help a super-admin wrote is kept (demo added beside). */
export async function seedHelpTexts(db: Executor) {
  for (const help of DEMO_HELP) {
    if (!(await findHelpByScreen(db, help.screen))) await writeHelp(db, help);
  }
}
