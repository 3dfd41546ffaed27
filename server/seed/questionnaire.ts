import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  participantAnswers,
  participants,
  persons,
  questionChoices,
  questionStandardValues,
  questions,
  scoreSets,
} from '../db/schema';
import { findFirstDemoProject } from './groups';

/**
 * Q1–Q2: the first demo project's questionnaire for B2B matchmaking: eight bilingual questions (sector, company size,
 * what I offer ↔ what I seek, a linked pair with mirrored choices, objectives, languages, region, budget) with their
 * networking weights, an answer of every participant to every question (deterministic: a small linear congruential
 * sequence, no Math.random), and a queued score computation that the server's start computes (score-runs.ts
 * `recoverScores`: the seed has no file storage). Owner: questions.
 */

type Label = [fr: string, en: string];
interface SeedQuestion {
  title: Label;
  help?: Label;
  kind: 'single' | 'multiple';
  maxChoices?: number;
  weight: number;
  reversed?: boolean;
  choices: Label[];
  /** How many choices a participant ticks at most (multiple choice). */
  picks?: number;
}

const OFFERS: Label[] = [
  ['Financement', 'Funding'],
  ['Distribution', 'Distribution'],
  ['Expertise technique', 'Technical expertise'],
  ['Partenariat de recherche', 'Research partnership'],
  ['Approvisionnement', 'Supply'],
  ['Marketing', 'Marketing'],
  ['Exportation', 'Exports'],
  ['Recrutement', 'Recruiting'],
];

export const DEMO_QUESTIONS: SeedQuestion[] = [
  {
    title: ['Secteur d’activité', 'Industry'],
    kind: 'single',
    weight: 20,
    choices: [
      ['Aérospatiale', 'Aerospace'],
      ['Agroalimentaire', 'Agri-food'],
      ['Technologies de l’information', 'Information technology'],
      ['Santé et sciences de la vie', 'Health and life sciences'],
      ['Énergie', 'Energy'],
      ['Services financiers', 'Financial services'],
      ['Fabrication', 'Manufacturing'],
      ['Commerce de détail', 'Retail'],
    ],
  },
  {
    title: ['Taille de l’entreprise', 'Company size'],
    kind: 'single',
    weight: 10,
    choices: [
      ['1 à 10 employés', '1 to 10 employees'],
      ['11 à 50 employés', '11 to 50 employees'],
      ['51 à 250 employés', '51 to 250 employees'],
      ['251 à 1 000 employés', '251 to 1,000 employees'],
      ['Plus de 1 000 employés', 'Over 1,000 employees'],
    ],
  },
  {
    title: ['Ce que j’offre', 'What I offer'],
    help: ['Jusqu’à trois éléments.', 'Up to three items.'],
    kind: 'multiple',
    maxChoices: 3,
    weight: 30,
    choices: OFFERS,
    picks: 3,
  },
  {
    title: ['Ce que je cherche', 'What I seek'],
    help: ['Jusqu’à trois éléments.', 'Up to three items.'],
    kind: 'multiple',
    maxChoices: 3,
    weight: 30,
    choices: OFFERS,
    picks: 3,
  },
  {
    title: ['Objectifs de l’événement', 'Goals at the event'],
    kind: 'multiple',
    weight: 15,
    choices: [
      ['Trouver des clients', 'Find customers'],
      ['Trouver des fournisseurs', 'Find suppliers'],
      ['Rencontrer des investisseurs', 'Meet investors'],
      ['Élargir mon réseau', 'Grow my network'],
      ['Faire de la veille', 'Watch the market'],
    ],
    picks: 2,
  },
  {
    title: ['Langues parlées', 'Languages spoken'],
    kind: 'multiple',
    weight: 5,
    choices: [
      ['Français', 'French'],
      ['Anglais', 'English'],
      ['Espagnol', 'Spanish'],
      ['Mandarin', 'Mandarin'],
    ],
    picks: 2,
  },
  {
    title: ['Région', 'Region'],
    kind: 'single',
    weight: 10,
    choices: [
      ['Montréal', 'Montréal'],
      ['Québec', 'Québec City'],
      ['Ontario', 'Ontario'],
      ['Provinces atlantiques', 'Atlantic provinces'],
      ['Ouest canadien', 'Western Canada'],
      ['États-Unis', 'United States'],
      ['Europe', 'Europe'],
    ],
  },
  {
    title: ['Budget annuel d’achat', 'Annual purchasing budget'],
    kind: 'single',
    weight: 10,
    choices: [
      ['Moins de 50 000 $', 'Under $50,000'],
      ['50 000 $ à 250 000 $', '$50,000 to $250,000'],
      ['250 000 $ à 1 M$', '$250,000 to $1M'],
      ['Plus de 1 M$', 'Over $1M'],
    ],
  },
];

/** The index of the linked pair in DEMO_QUESTIONS: offer ↔ seek. */
const OFFER = 2;
const SEEK = 3;

/** A deterministic sequence of integers (a linear congruential generator). */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

export async function seedQuestionnaire(db: Executor) {
  const project = await findFirstDemoProject(db);
  if (!project) return;
  const owner = { companyId: project.companyId, projectId: project.id };
  const questionIds: string[] = [];
  const choiceIds: string[][] = [];
  for (const [position, q] of DEMO_QUESTIONS.entries()) {
    const [row] = await db
      .insert(questions)
      .values({
        ...owner,
        titleFr: q.title[0],
        titleEn: q.title[1],
        helpFr: q.help?.[0] ?? '',
        helpEn: q.help?.[1] ?? '',
        kind: q.kind,
        maxChoices: q.maxChoices ?? null,
        weight: q.weight,
        reversed: q.reversed ?? false,
        position,
      })
      .returning({ id: questions.id });
    questionIds.push(row.id);
    const choices = await db
      .insert(questionChoices)
      .values(
        q.choices.map(([fr, en], i) => ({
          ...owner,
          questionId: row.id,
          labelFr: fr,
          labelEn: en,
          position: i,
        })),
      )
      .returning({ id: questionChoices.id, position: questionChoices.position });
    choiceIds.push(choices.sort((a, b) => a.position - b.position).map((c) => c.id));
  }
  // The linked pair: each question names the other, each choice its mirror.
  await db
    .update(questions)
    .set({ linkedQuestionId: questionIds[SEEK] })
    .where(eq(questions.id, questionIds[OFFER]));
  await db
    .update(questions)
    .set({ linkedQuestionId: questionIds[OFFER] })
    .where(eq(questions.id, questionIds[SEEK]));
  for (const [i, offer] of choiceIds[OFFER].entries()) {
    const seek = choiceIds[SEEK][i];
    await db.update(questionChoices).set({ linkedChoiceId: seek }).where(eq(questionChoices.id, offer));
    await db.update(questionChoices).set({ linkedChoiceId: offer }).where(eq(questionChoices.id, seek));
  }
  // Languages: French by default for whoever has not answered.
  await db.insert(questionStandardValues).values({
    ...owner,
    questionId: questionIds[5],
    choiceId: choiceIds[5][0],
    roleId: null,
    groupId: null,
  });

  const people = await db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(participants.projectId, project.id))
    // By e-mail: the same person gets the same answers at every seed (ids are random).
    .orderBy(asc(persons.email));
  const next = sequence(2026);
  const rows: (typeof participantAnswers.$inferInsert)[] = [];
  for (const person of people) {
    for (const [qi, q] of DEMO_QUESTIONS.entries()) {
      const count = q.kind === 'single' ? 1 : 1 + next(q.picks ?? 1);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(next(q.choices.length));
      for (const ci of chosen)
        rows.push({
          ...owner,
          participantId: person.id,
          questionId: questionIds[qi],
          choiceId: choiceIds[qi][ci],
        });
    }
  }
  if (rows.length) await db.insert(participantAnswers).values(rows);
  // Computed when the server starts (the seed has no file storage).
  await db.insert(scoreSets).values({ ...owner, status: 'queued' });
}
