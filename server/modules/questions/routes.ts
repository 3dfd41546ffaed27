import type { FastifyInstance } from 'fastify';
import {
  getPairScore,
  getParticipantAnswers,
  listWeights,
  resetScores,
  saveParticipantAnswers,
  saveWeights,
} from '../../../contracts/question-answers';
import * as c from '../../../contracts/questions';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as answers from './answers';
import { importChoices } from './choice-import';
import * as choices from './choices';
import { allScoresSettled } from './score-runs';
import * as scores from './scores';
import * as service from './service';

export function registerQuestionRoutes(app: FastifyInstance, deps: Deps) {
  // A computation of scores running here ends before the database closes.
  app.addHook('onClose', allScoresSettled);
  route(app, c.listQuestions, ({ auth, params, query }) =>
    service.listQuestions(deps, auth, params.projectId, query.archived === 'true'),
  );
  route(app, c.createQuestion, ({ auth, params, body }) =>
    service.createQuestion(deps, auth, params.projectId, body),
  );
  route(app, c.getQuestion, ({ auth, params }) =>
    service.getQuestion(deps, auth, params.projectId, params.questionId),
  );
  route(app, c.deleteQuestion, ({ auth, params }) =>
    service.deleteQuestion(deps, auth, params.projectId, params.questionId),
  );
  route(app, c.reorderQuestions, ({ auth, params, body }) =>
    service.reorderQuestions(deps, auth, params.projectId, body.ids),
  );
  route(app, c.saveQuestionSettings, ({ auth, params, body }) =>
    service.saveSettings(deps, auth, params.projectId, params.questionId, body),
  );
  route(app, c.saveQuestionPairing, ({ auth, params, body }) =>
    service.savePairing(deps, auth, params.projectId, params.questionId, body),
  );
  route(app, c.saveQuestionPermissions, ({ auth, params, body }) =>
    service.savePermissions(deps, auth, params.projectId, params.questionId, body),
  );
  route(app, c.setQuestionStatus, ({ auth, params, body }) =>
    service.setStatus(deps, auth, params.projectId, params.questionId, body.status),
  );
  route(app, c.saveQuestionAudience, ({ auth, params, body }) =>
    service.saveAudience(deps, auth, params.projectId, params.questionId, body),
  );

  const scope = (
    auth: Parameters<typeof service.getQuestion>[1],
    params: { projectId: string; questionId: string },
  ) => ({
    deps,
    auth,
    projectId: params.projectId,
    questionId: params.questionId,
  });
  route(app, c.createLinkedQuestion, ({ auth, params, body }) =>
    choices.createLinkedQuestion(scope(auth, params), body.title),
  );
  route(app, c.createChoice, ({ auth, params, body }) => choices.createChoice(scope(auth, params), body));
  route(app, c.updateChoice, ({ auth, params, body }) =>
    choices.updateChoice(scope(auth, params), params.choiceId, body),
  );
  route(app, c.deleteChoice, ({ auth, params }) =>
    choices.deleteChoice(scope(auth, params), params.choiceId),
  );
  route(app, c.reorderChoices, ({ auth, params, body }) => choices.reorderChoices(scope(auth, params), body));
  route(app, c.createCategory, ({ auth, params, body }) =>
    choices.createCategory(scope(auth, params), body.label),
  );
  route(app, c.updateCategory, ({ auth, params, body }) =>
    choices.updateCategory(scope(auth, params), params.categoryId, body.label),
  );
  route(app, c.deleteCategory, ({ auth, params }) =>
    choices.deleteCategory(scope(auth, params), params.categoryId),
  );
  route(app, c.reorderCategories, ({ auth, params, body }) =>
    choices.reorderCategories(scope(auth, params), body.ids),
  );
  route(app, c.createStandardValue, ({ auth, params, body }) =>
    choices.createStandardValue(scope(auth, params), body),
  );
  route(app, c.deleteStandardValue, ({ auth, params }) =>
    choices.deleteStandardValue(scope(auth, params), params.standardValueId),
  );
  route(app, c.reorderStandardValues, ({ auth, params, body }) =>
    choices.reorderStandardValues(scope(auth, params), body.ids),
  );
  route(app, c.importChoices, ({ auth, params, body }) =>
    importChoices(deps, auth, params.projectId, params.questionId, body),
  );

  route(app, getParticipantAnswers, ({ auth, params }) =>
    answers.getParticipantAnswers(deps, auth, params.projectId, params.participantId),
  );
  route(app, saveParticipantAnswers, ({ auth, params, body }) =>
    answers.saveParticipantAnswers(deps, auth, params.projectId, params.participantId, body.answers),
  );
  route(app, listWeights, ({ auth, params }) => scores.listWeights(deps, auth, params.projectId));
  route(app, saveWeights, ({ auth, params, body }) => scores.saveWeights(deps, auth, params.projectId, body));
  route(app, resetScores, ({ auth, params }) => scores.resetScores(deps, auth, params.projectId));
  route(app, getPairScore, ({ auth, params, query }) =>
    scores.getPairScore(deps, auth, params.projectId, query.a, query.b),
  );
}
