import type { FastifyInstance } from 'fastify';
import {
  assignTableParticipants,
  createActivityTable,
  deleteActivityTable,
  listActivityTables,
  listTableAssignments,
  listTableParticipants,
  setActivityTableCounts,
  unassignTableParticipant,
  updateActivityTable,
} from '../../../contracts/activity-tables';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

/** J7: the tables of a meeting category and their assignments (docs/activities/tables.md). */
export function registerActivityTableRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listActivityTables, ({ auth, params }) =>
    service.listTables(deps, auth, params.projectId, params.categoryId),
  );
  route(app, createActivityTable, ({ auth, params, body }) =>
    service.createTable(deps, auth, params.projectId, params.categoryId, body),
  );
  route(app, updateActivityTable, ({ auth, params, body }) =>
    service.updateTable(deps, auth, params.projectId, params.tableId, body),
  );
  route(app, deleteActivityTable, ({ auth, params }) =>
    service.deleteTable(deps, auth, params.projectId, params.tableId),
  );
  route(app, setActivityTableCounts, ({ auth, params, body }) =>
    service.setCounts(deps, auth, params.projectId, params.categoryId, body),
  );
  route(app, listTableAssignments, ({ auth, params }) =>
    service.listAssignments(deps, auth, params.projectId, params.tableId),
  );
  route(app, assignTableParticipants, ({ auth, params, body }) =>
    service.assign(deps, auth, params.projectId, params.tableId, body),
  );
  route(app, unassignTableParticipant, ({ auth, params }) =>
    service.unassign(deps, auth, params.projectId, params.tableId, params.participantId),
  );
  route(app, listTableParticipants, ({ auth, params, query }) =>
    service.listParticipants(deps, auth, params.projectId, params.categoryId, query),
  );
}
