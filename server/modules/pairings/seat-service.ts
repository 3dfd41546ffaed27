import type { SeatMoveInput, SeatMoveResult, SeatPerson } from '../../../contracts/pairing-seats';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { busyDuringRound } from '../pairing-meetings/busy';
import { meetingsFollowSeats, queueRooms } from '../pairing-meetings/meeting-writer';
import type { AuthContext } from '../session/auth-context';
import * as gens from './generation-repository';
import { chosenTables, themesOf } from './instance-builder';
import { choiceIdsOf } from './repository';
import * as seats from './seats-repository';
import { getPairingRow, scopeOf } from './service';

/**
 * M4: the seats screen's changes and questions. A move keeps the round (a person changes table, never round), stays
 * in the pairing's category, never exceeds a table's seats, and waits for no generation: while one runs its result
 * would replace the move, so the move is refused (409). Once meetings are generated, the person leaves the old
 * table's meeting of the round and joins the new one's, in the move's transaction (docs/matching/pairing-meetings.md).
 */
export async function moveSeat(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: SeatMoveInput,
): Promise<SeatMoveResult> {
  const scope = scopeOf(auth, projectId);
  const moved = await deps.db.transaction(async (tx) => {
    // The pairing row is the lock: two moves to the last seat of a table cannot both pass the count.
    const pairing = await getPairingRow(tx, scope, pairingId, true);
    if (await gens.activeGeneration(tx, pairingId))
      throw new AppError('pairings.generationRunning', 'conflict');
    if (!(await seats.roundExists(tx, pairingId, input.round)))
      throw AppError.field('round', 'validation.pairingSeats.round');
    const seat = await seats.findSeat(tx, pairingId, input.round, input.participantId);
    if (!seat) throw AppError.notFound();
    const table = await seats.findProjectTable(tx, scope, input.tableId);
    if (!table) throw AppError.notFound();
    if (table.categoryId !== pairing.categoryId)
      throw AppError.field('tableId', 'validation.pairingSeats.table');
    if (seat.tableId !== table.id) {
      if ((await seats.countAtTable(tx, pairingId, input.round, table.id)) >= table.seats)
        throw new AppError('pairings.tableFull', 'conflict', {
          params: { number: table.number, seats: table.seats },
        });
      await seats.setSeatTable(tx, pairingId, input.round, input.participantId, table.id);
    }
    const rooms = await meetingsFollowSeats(
      deps,
      tx,
      { ...scope, id: pairingId, categoryId: pairing.categoryId },
      { round: input.round, participantId: input.participantId },
    );
    const ids = [...new Set([seat.tableId, table.id])];
    const all = await seats.categoryTables(tx, pairing.categoryId);
    const people = await seats.peopleAt(tx, pairingId, input.round, ids);
    return {
      rooms,
      round: input.round,
      tables: ids.flatMap((id) => {
        const info = all.find((t) => t.id === id);
        if (!info) return [];
        return [
          {
            table: info,
            people: people.filter((p) => p.tableId === id).map(({ tableId: _, ...person }) => person),
          },
        ];
      }),
    };
  });
  const { rooms, ...result } = moved;
  await queueRooms(deps, rooms);
  return result;
}

/**
 * M4: a person clicked on the seats screen: who they are, the tables they chose, and the people at their table in
 * this round who conflict with them, by reject code (001 §2, docs/matching/seats.md):
 * - 2 warning: a person misplaced at this table (a VIP at a standard table, or someone else at a VIP table), or the
 *   person clicked, at a table that is none of those they chose (when they chose some);
 * - 3 already met: sat with them at a table of an earlier round of this pairing, or of a pairing « Déjà tenu »;
 * - 4 calendar: once the meetings are generated (the round has a time), someone at the table, the person clicked
 *   included, has another activity overlapping the round (docs/matching/pairing-meetings.md);
 * - 5 blocked: a « ne rencontre jamais » rule keeps them apart.
 */
export async function getSeatPerson(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  participantId: string,
  round: number,
): Promise<SeatPerson> {
  const scope = scopeOf(auth, projectId);
  const pairing = await getPairingRow(deps.db, scope, pairingId);
  const person = await seats.findParticipant(deps.db, scope, participantId);
  if (!person) throw AppError.notFound();

  const [seat, assigned, tables, absences] = await Promise.all([
    seats.findSeat(deps.db, pairingId, round, participantId),
    seats.assignedTables(deps.db, pairing.categoryId, participantId),
    seats.categoryTables(deps.db, pairing.categoryId),
    seats.listAbsences(deps.db, pairingId),
  ]);
  const choiceIds = pairing.questionId ? await choiceIdsOf(deps.db, pairingId) : [];
  const question = pairing.questionId ? { id: pairing.questionId, weight: 1, reversed: false } : null;
  const themeData = {
    algorithm: pairing.algorithm,
    question,
    choiceIds,
    choiceCount: pairing.choiceCount,
    tables,
  };
  const themes = themesOf(themeData);
  const answers =
    question && themes.size
      ? new Map([[question.id, await seats.answersTo(deps.db, projectId, question.id, participantId)]])
      : undefined;
  const chosen = chosenTables(themeData, themes, assigned, answers);

  const conflicts: SeatPerson['conflicts'] = [];
  const vip = (await seats.vipsAmong(deps.db, pairingId, [participantId])).has(participantId);
  if (seat) {
    const table = tables.find((t) => t.id === seat.tableId);
    const here = (await seats.peopleAt(deps.db, pairingId, round, [seat.tableId])).map(
      (p) => p.participantId,
    );
    const [vips, blocked, met, busy] = await Promise.all([
      seats.vipsAmong(deps.db, pairingId, here),
      seats.blockedPartners(deps.db, pairingId, participantId),
      seats.metPartners(deps.db, scope, pairingId, participantId, round),
      busyDuringRound(deps.db, pairingId, round, here),
    ]);
    for (const other of here) {
      const misplaced = table !== undefined && vips.has(other) !== table.vip;
      const notChosen = other === participantId && chosen.length > 0 && !chosen.includes(seat.tableId);
      if (misplaced || notChosen) conflicts.push({ participantId: other, code: 2 });
      if (busy.has(other)) conflicts.push({ participantId: other, code: 4 });
      if (other === participantId) continue;
      if (met.has(other)) conflicts.push({ participantId: other, code: 3 });
      if (blocked.has(other)) conflicts.push({ participantId: other, code: 5 });
    }
  }
  const absence = absences.find((a) => a.participantId === participantId);
  return {
    participantId,
    fullName: `${person.firstName} ${person.lastName}`,
    email: person.email,
    company: person.company,
    role: auth.locale === 'en' ? person.roleEn : person.roleFr,
    vip,
    tableId: seat?.tableId ?? null,
    chosenTables: chosen,
    conflicts,
    absentFrom: absence?.fromRound ?? null,
  };
}
