/** A project's matching (issue 11): the questionnaire and weights, the pairings and their seats, the B2B meetings. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { b2bListSearch, b2bSessionSearch } from '../../features/b2b/search';
import { seatsSearch } from '../../features/pairing-seats/search';
import { pairingSearch } from '../../features/pairings/search';
import { questionEditionSearch } from '../../features/questions/tabs';
import { scoresSearch } from '../../features/scores/search';
import { projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const QuestionListPage = lazyRouteComponent(
  () => import('../../features/questions/question-list-page'),
  'QuestionListPage',
);

const QuestionEditPage = lazyRouteComponent(
  () => import('../../features/questions/question-edit-page'),
  'QuestionEditPage',
);

const WeightsPage = lazyRouteComponent(() => import('../../features/questions/weights-page'), 'WeightsPage');

const ScoresPage = lazyRouteComponent(() => import('../../features/scores/scores-page'), 'ScoresPage');

const PairingListPage = lazyRouteComponent(
  () => import('../../features/pairings/pairing-list-page'),
  'PairingListPage',
);

const PairingPage = lazyRouteComponent(() => import('../../features/pairings/pairing-page'), 'PairingPage');

const PairingSeatsPage = lazyRouteComponent(
  () => import('../../features/pairing-seats/seats-page'),
  'PairingSeatsPage',
);

const B2bSessionListPage = lazyRouteComponent(
  () => import('../../features/b2b/session-list-page'),
  'B2bSessionListPage',
);

const B2bSessionPage = lazyRouteComponent(() => import('../../features/b2b/session-page'), 'B2bSessionPage');

/** Q1: the questionnaire of the project. */
const projectQuestionsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions',
  component: QuestionListPage,
});

/** Q2: the networking weights and the scores. */
const projectWeightsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/weights',
  component: WeightsPage,
});

/** M5: the scores screen (from/to, the pairs' scores, the averages, exports; X1 a pair's breakdown). */
const projectScoresRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/scores',
  validateSearch: scoresSearch,
  component: ScoresPage,
});

/** Q1: a question's edition, its tab in the URL. */
const projectQuestionRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/$questionId',
  validateSearch: questionEditionSearch,
  component: QuestionEditPage,
});

/** M1: the project's pairings (list in the URL, P5). */
const projectPairingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings',
  validateSearch: pairingSearch,
  component: PairingListPage,
});

/** M1–M3: one pairing: settings, generation and rounds, groups and rules. */
const projectPairingRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings/$pairingId',
  component: PairingPage,
});

/** M4: a pairing's seats, one round at a time (`?round=`): moves, a person's chosen tables and conflicts. */
const projectPairingSeatsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings/$pairingId/seats',
  validateSearch: seatsSearch,
  component: PairingSeatsPage,
});

/** Issue 11: the B2B meeting sessions of the project. */
const projectB2bRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'b2b',
  validateSearch: b2bListSearch,
  component: B2bSessionListPage,
});

/** A B2B session: requests, pre-flight, generation and schedule, explanations (tab in the URL). */
const projectB2bSessionRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'b2b/$sessionId',
  validateSearch: b2bSessionSearch,
  component: B2bSessionPage,
});

/** Under a project. */
export const matchingRoutes = [
  projectQuestionsRoute,
  projectWeightsRoute,
  projectScoresRoute,
  projectQuestionRoute,
  projectPairingsRoute,
  projectPairingRoute,
  projectPairingSeatsRoute,
  projectB2bRoute,
  projectB2bSessionRoute,
] as const;
