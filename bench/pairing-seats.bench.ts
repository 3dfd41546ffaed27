/**
 * `GET …/pairings/:id/seats?round=` (M4, the seats screen's first load) against the same endpoint without `round`
 * (every round, what the screen loaded before): 2,000 participants at 250 tables × 8 seats, 5 rounds, every table
 * full (10,000 seats). The ratio is the share of the old first load that the screen still pays. See bench/README.md.
 */
import type { FastifyInstance } from 'fastify';
import {
  activityCategories,
  activityTables,
  pairingSeats,
  pairings,
  participants,
  persons,
  projects,
  roles,
} from '../server/db/schema';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  createBenchCompanies,
  defineBenchmark,
  signIn,
  startApp,
} from './harness';

const TABLES = 250;
const SEATS = 8;
const ROUNDS = 5;

export default defineBenchmark({
  name: 'pairing-seats',
  description: `GET …/seats?round=2 vs every round, ${TABLES * SEATS} people at ${TABLES} tables × ${SEATS}, ${ROUNDS} rounds`,
  async setup({ database, options }) {
    const tables = options.quick ? TABLES / 5 : TABLES;
    const db = database.db;
    const started = performance.now();
    const { main } = await createBenchCompanies(db);
    const [project] = await db
      .insert(projects)
      .values({
        companyId: main.id,
        nameFr: 'Journée de réseautage (banc d’essai)',
        nameEn: 'Networking day (bench)',
        startsOn: '2027-05-12',
        endsOn: '2027-05-12',
        timeZone: 'America/Toronto',
      })
      .returning();
    const scope = { companyId: main.id, projectId: project.id };
    const [category] = await db
      .insert(activityCategories)
      .values({ ...scope, kind: 'category', nameFr: 'Rencontres d’affaires', nameEn: 'Business meetings' })
      .returning();
    const tableIds = (
      await db
        .insert(activityTables)
        .values(
          Array.from({ length: tables }, (_, i) => ({
            ...scope,
            categoryId: category.id,
            number: i + 1,
            seats: SEATS,
          })),
        )
        .returning({ id: activityTables.id, number: activityTables.number })
    )
      .sort((a, b) => a.number - b.number)
      .map((t) => t.id);
    const [role] = await db
      .insert(roles)
      .values({ ...scope, nameFr: 'Visiteur', nameEn: 'Visitor' })
      .returning();
    const count = tables * SEATS;
    const people: string[] = [];
    for (let start = 0; start < count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count - start) }, (_, i) => start + i + 1);
      const made = await db
        .insert(persons)
        .values(
          batch.map((n) => ({
            companyId: main.id,
            email: `grand-${n}@example.test`,
            firstName: `Personne${n}`,
            lastName: `Grand${String(n).padStart(4, '0')}`,
            organisation: `Entreprise ${n % 97}`,
          })),
        )
        .returning({ id: persons.id });
      const registered = await db
        .insert(participants)
        .values(made.map((p) => ({ ...scope, personId: p.id, roleId: role.id })))
        .returning({ id: participants.id });
      people.push(...registered.map((p) => p.id));
    }
    const [pairing] = await db
      .insert(pairings)
      .values({ ...scope, name: 'Réseautage', categoryId: category.id, rounds: ROUNDS })
      .returning();
    // Round r seats person 8k + j at table (k + r·j) mod tables: every table full, a new mix each round.
    const seats = Array.from({ length: ROUNDS }, (_, round) =>
      people.map((participantId, i) => ({
        ...scope,
        pairingId: pairing.id,
        round,
        tableId: tableIds[(Math.floor(i / SEATS) + round * (i % SEATS)) % tables],
        participantId,
      })),
    ).flat();
    for (let i = 0; i < seats.length; i += 1000)
      await db.insert(pairingSeats).values(seats.slice(i, i + 1000));
    const seedMs = Math.round(performance.now() - started);

    const app: FastifyInstance = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);
    const url = `/api/projects/${project.id}/pairings/${pairing.id}/seats`;
    const get = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `${url}${query}`, cookies });
      if (response.statusCode !== 200) throw new Error(`GET seats${query} answered ${response.statusCode}`);
      return response;
    };
    const [one, all] = [await get('?round=2'), await get('')];
    const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;
    return {
      facts: {
        people: count,
        tables,
        rounds: ROUNDS,
        seats: seats.length,
        'seed ms': seedMs,
        'one round': kB(one.body.length),
        'every round': kB(all.body.length),
      },
      cases: [
        {
          name: 'one-round',
          description:
            'the seats screen: ?round=2 (250 tables, 2,000 people) vs every round (the old first load)',
          subject: () => get('?round=2'),
          baseline: () => get(''),
          check: async () => {
            const asked = (await get('?round=2')).json();
            const every = (await get('')).json();
            if (JSON.stringify(asked.rounds) !== JSON.stringify([every.rounds[2]]))
              throw new Error('?round=2 is not the third round of the whole list');
          },
          rounds: options.quick ? undefined : { warmup: 2, iterations: 10 },
        },
      ],
      close: () => app.close(),
    };
  },
});
