import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import * as repo from './repository';

/** The items by key, in their order (Node 20 has no Map.groupBy): an export's batch by participant. */
export function groupedBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/**
 * Q1 in the participants export: a column per active question (in the questionnaire's order), titled in the
 * export's language, holding the chosen choices' labels in that language, `; ` between them (as the import reads
 * them back). `answersOf` reads one batch of participants' answers at once.
 */
export async function questionColumns(db: Executor, projectId: string, language: Language) {
  const questions = (await repo.listQuestionsOfProject(db, projectId)).filter((q) => q.status === 'active');
  const choices = await repo.listChoices(
    db,
    questions.map((q) => q.id),
  );
  const label = new Map(choices.map((c) => [c.row.id, language === 'en' ? c.row.labelEn : c.row.labelFr]));
  const order = new Map(choices.map((c, i) => [c.row.id, i]));
  return {
    headers: questions.map((q) => (language === 'en' ? q.titleEn : q.titleFr)),
    async answersOf(participantIds: string[]) {
      if (questions.length === 0 || participantIds.length === 0) return () => [] as string[];
      const rows = groupedBy(await repo.listAnswersOf(db, projectId, participantIds), (r) => r.participantId);
      return (participantId: string) =>
        questions.map((q) =>
          (rows.get(participantId) ?? [])
            .filter((r) => r.questionId === q.id)
            .sort((a, b) => (order.get(a.choiceId) ?? 0) - (order.get(b.choiceId) ?? 0))
            .map((r) => label.get(r.choiceId) ?? '')
            .join('; '),
        );
    },
  };
}
