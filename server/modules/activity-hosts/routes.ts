import type { FastifyInstance } from 'fastify';
import type { ActivityCategoryKind } from '../../../contracts/activities';
import {
  ACCESS_ENDPOINTS,
  type AccessEndpoints,
  exportActivityMembersCsv,
  getActivityReport,
  getActivitySettings,
  saveActivitySettings,
  setActivityParent,
} from '../../../contracts/activity-access';
import {
  createActivityHost,
  deleteActivityHost,
  listActivityHosts,
  lookupHostEmail,
  sendActivityHostMail,
  updateActivityHost,
} from '../../../contracts/activity-hosts';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendCsv } from '../files/routes';
import * as access from './access-service';
import * as hosts from './service';
import './texts';

/** V5 hosts, V2/V4 access (groups and roles), V4 subscribe figures and parent, V2 defaults. */
export function registerActivityHostRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listActivityHosts, ({ auth, params }) =>
    hosts.listHosts(deps, auth, params.projectId, params.activityId),
  );
  route(app, createActivityHost, ({ auth, params, body }) =>
    hosts.createHost(deps, auth, params.projectId, params.activityId, body),
  );
  route(app, updateActivityHost, ({ auth, params, body }) =>
    hosts.updateHost(deps, auth, params.projectId, params.activityId, params.hostId, body),
  );
  route(app, deleteActivityHost, ({ auth, params }) =>
    hosts.deleteHost(deps, auth, params.projectId, params.activityId, params.hostId),
  );
  route(app, sendActivityHostMail, ({ auth, params }) =>
    hosts.sendHostMail(deps, auth, params.projectId, params.activityId, params.hostId),
  );
  route(app, lookupHostEmail, ({ auth, params, body }) =>
    hosts.lookupEmail(deps, auth, params.projectId, body.email),
  );

  const activityAccess = ACCESS_ENDPOINTS.activity;
  route(app, activityAccess.list, ({ auth, params }) =>
    access.listAccess(deps, auth, params.projectId, { activityId: params.activityId }),
  );
  route(app, activityAccess.add, ({ auth, params, body }) =>
    access.addAccess(deps, auth, params.projectId, { activityId: params.activityId }, body),
  );
  route(app, activityAccess.remove, ({ auth, params }) =>
    access.removeAccess(deps, auth, params.projectId, { activityId: params.activityId }, params.accessId),
  );
  registerCategoryAccess(app, deps, 'section', ACCESS_ENDPOINTS.section);
  registerCategoryAccess(app, deps, 'category', ACCESS_ENDPOINTS.category);

  route(app, getActivityReport, ({ auth, params }) =>
    access.getReport(deps, auth, params.projectId, params.activityId),
  );
  route(app, exportActivityMembersCsv, async ({ auth, params, reply }) => {
    const file = await access.exportMembersCsv(deps, auth, params.projectId, params.activityId);
    return sendCsv(reply, file) as never;
  });
  route(app, setActivityParent, ({ auth, params, body }) =>
    access.setParent(deps, auth, params.projectId, params.activityId, body.parentId),
  );
  route(app, getActivitySettings, ({ auth, params }) => access.getSettings(deps, auth, params.projectId));
  route(app, saveActivitySettings, ({ auth, params, body }) =>
    access.saveSettings(deps, auth, params.projectId, body),
  );
}

function registerCategoryAccess(
  app: FastifyInstance,
  deps: Deps,
  kind: ActivityCategoryKind,
  endpoints: AccessEndpoints,
) {
  route(app, endpoints.list, ({ auth, params }) =>
    access.listAccess(deps, auth, params.projectId, { kind, categoryId: params.categoryId }),
  );
  route(app, endpoints.add, ({ auth, params, body }) =>
    access.addAccess(deps, auth, params.projectId, { kind, categoryId: params.categoryId }, body),
  );
  route(app, endpoints.remove, ({ auth, params }) =>
    access.removeAccess(
      deps,
      auth,
      params.projectId,
      { kind, categoryId: params.categoryId },
      params.accessId,
    ),
  );
}
