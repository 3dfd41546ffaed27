import { AppError } from '../../http/errors';
import { deliverSoon } from '../mail/outbox';
import * as participantRepo from '../participants/repository';
import { scoresChanged } from '../questions/score-runs';
import type { ImportKind } from '../spreadsheet-import/kind';
import { isQuestionTarget, questionTitles } from './answer-columns';
import { matchHeaders } from './headers';
import { writeParticipants } from './participant-write';
import { checkBatch, checkContext, type KeptRow, loadExisting, stampOf, type ValidRow } from './row-checks';
import { targetsOf } from './targets';
import { participantTemplate } from './template';

/** U3: the participant import, the engine's first kind (its rules in row-checks.ts, its writes in participant-write.ts). */
export const participantKind: ImportKind<Awaited<ReturnType<typeof checkContext>>, ValidRow, KeptRow> = {
  name: 'participants',
  layout: 'participants',
  targets: targetsOf,
  async autoMapping(db, companyId, projectId, columns) {
    const own = await participantRepo.listOwnProfileFields(db, projectId);
    const questions = await questionTitles(db, projectId);
    // Columns of standard fields switched inactive are matched to nothing (U5: never written).
    const offered = new Set((await targetsOf(db, companyId, projectId)).map((x) => x.key));
    return matchHeaders(columns, own, questions).map((target) =>
      target && offered.has(target) ? target : null,
    );
  },
  checkMapping(mapping) {
    if (!mapping.includes('email'))
      throw AppError.field('mapping', 'validation.participantImport.emailColumn');
  },
  checkContext,
  checkBatch,
  async stamps(db, state, emails) {
    const withAnswers = state.mapping.some(isQuestionTarget);
    const existing = await loadExisting(db, state.companyId, state.projectId, emails, withAnswers);
    return new Map(emails.map((email) => [email, stampOf(existing.get(email))]));
  },
  keep: ({ stored: _, ...row }) => ({
    ...row,
    inscriptionSentAt: row.inscriptionSentAt?.toISOString() ?? null,
  }),
  restore: (row) => ({
    ...row,
    // The rows the dry run showed stay as they are: the writes refuse a registration made meanwhile.
    stored: { line: row.line, action: row.action, reasons: [], email: '', name: '' },
    inscriptionSentAt: row.inscriptionSentAt ? new Date(row.inscriptionSentAt) : null,
  }),
  write: writeParticipants,
  async afterSave(deps, state) {
    // Inscriptions asked for, or automatic notifications of the groups joined (J5), queued by the save.
    await deliverSoon(deps);
    // Q1: answers were written: the scores are computed again, once for the whole file.
    if (state.answersWritten) {
      state.answersWritten = undefined;
      await scoresChanged(deps, state.projectId);
    }
  },
  template: participantTemplate,
  report: { headers: ['participantImport.report.email'], cells: (row) => [row.email] },
  presentRow: ({ start: _, ...row }) => row,
};
