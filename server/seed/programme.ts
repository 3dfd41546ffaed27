/** The demo programme's data (server/seed/activities.ts writes it). */

export type Pair = [fr: string, en: string];
export type Type = 'session' | 'kiosk' | 'media' | 'posting' | 'forum' | 'meeting';

export const SECTIONS: Pair[] = [
  ['Conférences', 'Talks'],
  ['Ateliers', 'Workshops'],
  ['Rencontres B2B', 'B2B meetings'],
  ['Réseautage', 'Networking'],
  ['Exposition', 'Exhibition'],
];
export const CATEGORIES: Pair[] = [
  ['Plénière', 'Plenary'],
  ['Atelier pratique', 'Hands-on workshop'],
  ['Rencontres d’affaires', 'Business meetings'],
  ['Kiosques', 'Kiosks'],
];
/** The meeting category whose tables the matching module seats people at (J7). */
export const DEMO_MEETING_CATEGORY: Pair = ['Rencontres d’affaires', 'Business meetings'];
export const DEMO_STANDARD_TABLES = 20;
export const DEMO_VIP_TABLES = 4;

export interface Slot {
  day: 0 | 1;
  at: string;
  minutes: number;
  type: Type;
  title: Pair;
  section: number;
  category?: number;
  location: string;
  max?: number;
  hybrid?: 'inPerson' | 'virtual' | 'hybrid';
}

export const ROOM = {
  agora: 'Agora',
  a: 'Salle Jean-Drapeau',
  b: 'Salle Marie-Gérin-Lajoie',
  c: 'Salle 514',
  hall: 'Hall d’exposition',
  b2b: 'Espace B2B',
};

const day = (d: 0 | 1, rows: Omit<Slot, 'day'>[]): Slot[] => rows.map((r) => ({ ...r, day: d }));

/** A two-day B2B programme: talks, parallel workshops, four rounds of business meetings a day, kiosks, networking. */
export const PROGRAMME: Slot[] = [
  ...day(0, [
    {
      at: '08:00',
      minutes: 60,
      type: 'forum',
      title: ['Accueil et café', 'Welcome coffee'],
      section: 3,
      location: ROOM.agora,
    },
    {
      at: '09:00',
      minutes: 45,
      type: 'session',
      title: ['Ouverture : l’économie québécoise en 2027', 'Opening: Québec’s economy in 2027'],
      section: 0,
      category: 0,
      location: ROOM.agora,
      hybrid: 'hybrid',
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Panel : exporter vers l’Europe', 'Panel: exporting to Europe'],
      section: 0,
      category: 0,
      location: ROOM.a,
      max: 120,
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Atelier : financer sa croissance', 'Workshop: financing growth'],
      section: 1,
      category: 1,
      location: ROOM.b,
      max: 30,
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Atelier : l’IA au service des PME', 'Workshop: AI for small businesses'],
      section: 1,
      category: 1,
      location: ROOM.c,
      max: 25,
      hybrid: 'hybrid',
    },
    {
      at: '11:15',
      minutes: 45,
      type: 'session',
      title: [
        'Étude de cas : Hydro-Québec et ses fournisseurs',
        'Case study: Hydro-Québec and its suppliers',
      ],
      section: 0,
      category: 0,
      location: ROOM.a,
    },
    {
      at: '11:15',
      minutes: 45,
      type: 'session',
      title: ['Atelier : réussir son pitch en 3 minutes', 'Workshop: a 3-minute pitch that works'],
      section: 1,
      category: 1,
      location: ROOM.b,
      max: 20,
    },
    {
      at: '12:00',
      minutes: 90,
      type: 'forum',
      title: ['Dîner réseautage', 'Networking lunch'],
      section: 3,
      location: ROOM.agora,
    },
    {
      at: '13:30',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 1', 'B2B meetings — round 1'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '14:00',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 2', 'B2B meetings — round 2'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '14:30',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 3', 'B2B meetings — round 3'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '15:00',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 4', 'B2B meetings — round 4'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '15:45',
      minutes: 60,
      type: 'session',
      title: ['Atelier : les marchés publics', 'Workshop: public procurement'],
      section: 1,
      category: 1,
      location: ROOM.b,
      max: 30,
    },
    {
      at: '15:45',
      minutes: 60,
      type: 'session',
      title: ['Table ronde : main-d’œuvre et immigration', 'Round table: workforce and immigration'],
      section: 0,
      category: 0,
      location: ROOM.a,
      hybrid: 'virtual',
    },
    {
      at: '17:00',
      minutes: 120,
      type: 'forum',
      title: ['Cocktail des exposants', 'Exhibitors’ cocktail'],
      section: 3,
      location: ROOM.hall,
    },
    {
      at: '19:30',
      minutes: 180,
      type: 'forum',
      title: ['Souper gala', 'Gala dinner'],
      section: 3,
      location: ROOM.hall,
      max: 120,
    },
  ]),
  ...day(1, [
    {
      at: '08:30',
      minutes: 30,
      type: 'forum',
      title: ['Café du matin', 'Morning coffee'],
      section: 3,
      location: ROOM.agora,
    },
    {
      at: '09:00',
      minutes: 45,
      type: 'session',
      title: ['Conférence : chaînes d’approvisionnement résilientes', 'Keynote: resilient supply chains'],
      section: 0,
      category: 0,
      location: ROOM.agora,
      hybrid: 'hybrid',
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Atelier : cybersécurité pour les exportateurs', 'Workshop: cybersecurity for exporters'],
      section: 1,
      category: 1,
      location: ROOM.b,
      max: 25,
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Atelier : négocier avec un acheteur', 'Workshop: negotiating with a buyer'],
      section: 1,
      category: 1,
      location: ROOM.c,
      max: 20,
    },
    {
      at: '10:00',
      minutes: 60,
      type: 'session',
      title: ['Panel : technologies propres et carboneutralité', 'Panel: clean technology and net zero'],
      section: 0,
      category: 0,
      location: ROOM.a,
    },
    {
      at: '11:15',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 5', 'B2B meetings — round 5'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '11:45',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 6', 'B2B meetings — round 6'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '12:15',
      minutes: 75,
      type: 'forum',
      title: ['Dîner des délégations', 'Delegations’ lunch'],
      section: 3,
      location: ROOM.agora,
    },
    {
      at: '13:30',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 7', 'B2B meetings — round 7'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '14:00',
      minutes: 25,
      type: 'meeting',
      title: ['Rencontres B2B — ronde 8', 'B2B meetings — round 8'],
      section: 2,
      category: 2,
      location: ROOM.b2b,
    },
    {
      at: '14:45',
      minutes: 60,
      type: 'session',
      title: ['Atelier : le commerce en ligne transfrontalier', 'Workshop: cross-border e-commerce'],
      section: 1,
      category: 1,
      location: ROOM.b,
      max: 30,
      hybrid: 'virtual',
    },
    {
      at: '14:45',
      minutes: 60,
      type: 'session',
      title: ['Témoignages : trois PME à l’international', 'Stories: three small firms abroad'],
      section: 0,
      category: 0,
      location: ROOM.a,
    },
    {
      at: '16:00',
      minutes: 45,
      type: 'session',
      title: ['Clôture et prix de l’innovation', 'Closing and innovation awards'],
      section: 0,
      category: 0,
      location: ROOM.agora,
      hybrid: 'hybrid',
    },
  ]),
];

/** Kiosks open both days, and what has no date (a media corner, a job board). */
export const KIOSKS: Pair[] = [
  ['Kiosque Investissement Québec', 'Investissement Québec booth'],
  ['Kiosque Export Québec', 'Export Québec booth'],
  ['Kiosque de la Banque de développement', 'Development Bank booth'],
  ['Kiosque des jeunes pousses', 'Startups booth'],
  ['Kiosque Technologies propres Canada', 'Clean Technology Canada booth'],
];
export const UNDATED: { type: Type; title: Pair; section: number }[] = [
  { type: 'media', title: ['Espace médias', 'Media corner'], section: 3 },
  { type: 'posting', title: ['Babillard des offres d’emploi', 'Job board'], section: 3 },
];
