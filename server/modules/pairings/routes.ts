import type { FastifyInstance } from 'fastify';
import * as groupsApi from '../../../contracts/match-groups';
import * as seatsApi from '../../../contracts/pairing-seats';
import * as api from '../../../contracts/pairings';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as absences from './absence-service';
import * as generation from './generation';
import * as groups from './groups-service';
import { getPreflight } from './preflight';
import * as seatService from './seat-service';
import { getSeats } from './seats';
import * as service from './service';

/** M1–M3: pairings, their match groups and rules, the generation and its seats (docs/matching/pairings.md). */
export function registerPairingRoutes(app: FastifyInstance, deps: Deps) {
  route(app, api.listPairings, ({ auth, params, query }) =>
    service.listPairings(deps, auth, params.projectId, query),
  );
  route(app, api.getPairingOptions, ({ auth, params }) => service.getOptions(deps, auth, params.projectId));
  route(app, api.getPairing, ({ auth, params }) =>
    service.getPairing(deps, auth, params.projectId, params.pairingId),
  );
  route(app, api.createPairing, ({ auth, params, body }) =>
    service.createPairing(deps, auth, params.projectId, body),
  );
  route(app, api.updatePairing, ({ auth, params, body }) =>
    service.updatePairing(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, api.deletePairing, ({ auth, params }) =>
    service.deletePairing(deps, auth, params.projectId, params.pairingId),
  );
  route(app, api.updatePairingChoices, ({ auth, params, body }) =>
    service.updateChoices(deps, auth, params.projectId, params.pairingId, body.choiceIds),
  );
  route(app, api.startGeneration, ({ auth, params }) =>
    generation.startGeneration(deps, auth, params.projectId, params.pairingId),
  );
  route(app, api.cancelGeneration, ({ auth, params }) =>
    generation.cancelGeneration(deps, auth, params.projectId, params.pairingId),
  );
  route(app, api.getPairingSeats, ({ auth, params, query }) =>
    getSeats(deps, auth, params.projectId, params.pairingId, query.round),
  );

  // M4, X10 and the live adjustment (docs/matching/seats.md).
  route(app, seatsApi.moveSeat, ({ auth, params, body }) =>
    seatService.moveSeat(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, seatsApi.getSeatPerson, ({ auth, params, query }) =>
    seatService.getSeatPerson(
      deps,
      auth,
      params.projectId,
      params.pairingId,
      params.participantId,
      query.round,
    ),
  );
  route(app, seatsApi.getPairingPreflight, ({ auth, params }) =>
    getPreflight(deps, auth, params.projectId, params.pairingId),
  );
  route(app, seatsApi.markAbsent, ({ auth, params, body }) =>
    absences.markAbsent(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, seatsApi.clearAbsence, ({ auth, params }) =>
    absences.clearAbsence(deps, auth, params.projectId, params.pairingId, params.participantId),
  );
  route(app, seatsApi.resumeRounds, ({ auth, params, body }) =>
    absences.resumeRounds(deps, auth, params.projectId, params.pairingId, body.fromRound),
  );

  route(app, groupsApi.listMatchGroups, ({ auth, params }) =>
    groups.listGroups(deps, auth, params.projectId, params.pairingId),
  );
  route(app, groupsApi.createMatchGroup, ({ auth, params, body }) =>
    groups.createGroup(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, groupsApi.updateMatchGroup, ({ auth, params, body }) =>
    groups.updateGroup(deps, auth, params.projectId, params.pairingId, params.groupId, body),
  );
  route(app, groupsApi.deleteMatchGroup, ({ auth, params }) =>
    groups.deleteGroup(deps, auth, params.projectId, params.pairingId, params.groupId),
  );
  route(app, groupsApi.createGroupsFromActivities, ({ auth, params, body }) =>
    groups.createFromActivities(deps, auth, params.projectId, params.pairingId, body.activityIds),
  );
  route(app, groupsApi.listGroupMembers, ({ auth, params, query }) =>
    groups.listMembers(deps, auth, params.projectId, params.pairingId, params.groupId, 'in', query),
  );
  route(app, groupsApi.listGroupCandidates, ({ auth, params, query }) =>
    groups.listMembers(deps, auth, params.projectId, params.pairingId, params.groupId, 'out', query),
  );
  route(app, groupsApi.addGroupMembers, ({ auth, params, body }) =>
    groups.addMembers(deps, auth, params.projectId, params.pairingId, params.groupId, body),
  );
  route(app, groupsApi.removeGroupMembers, ({ auth, params, body }) =>
    groups.removeMembers(deps, auth, params.projectId, params.pairingId, params.groupId, body),
  );
  route(app, groupsApi.listPairingRules, ({ auth, params }) =>
    groups.listRules(deps, auth, params.projectId, params.pairingId),
  );
  route(app, groupsApi.createPairingRule, ({ auth, params, body }) =>
    groups.createRule(deps, auth, params.projectId, params.pairingId, body),
  );
  route(app, groupsApi.updatePairingRule, ({ auth, params, body }) =>
    groups.updateRule(deps, auth, params.projectId, params.pairingId, params.ruleId, body),
  );
  route(app, groupsApi.deletePairingRule, ({ auth, params }) =>
    groups.deleteRule(deps, auth, params.projectId, params.pairingId, params.ruleId),
  );
}
