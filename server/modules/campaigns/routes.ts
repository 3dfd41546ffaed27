import type { FastifyInstance } from 'fastify';
import {
  cancelCampaign,
  countCampaignRecipients,
  createCampaign,
  getCampaign,
  listCampaignRecipients,
  listCampaigns,
  sendTestCampaign,
} from '../../../contracts/campaigns';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import * as service from './service';

export function registerCampaignRoutes(app: FastifyInstance, deps: Deps) {
  route(app, countCampaignRecipients, ({ auth, params, body }) =>
    service.countRecipients(deps, auth, params.projectId, body),
  );
  route(app, sendTestCampaign, ({ auth, params, body }) =>
    service.sendTest(deps, auth, params.projectId, body),
  );
  route(app, createCampaign, ({ auth, params, body }) =>
    service.createCampaign(deps, auth, params.projectId, body),
  );
  route(app, listCampaigns, ({ auth, params, query }) =>
    service.listCampaigns(deps, auth, params.projectId, query),
  );
  route(app, getCampaign, ({ auth, params }) =>
    service.getCampaign(deps, auth, params.projectId, params.campaignId),
  );
  route(app, cancelCampaign, ({ auth, params }) =>
    service.cancelCampaign(deps, auth, params.projectId, params.campaignId),
  );
  route(app, listCampaignRecipients, ({ auth, params, query }) =>
    service.listRecipients(deps, auth, params.projectId, params.campaignId, query),
  );
}
