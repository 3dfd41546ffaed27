import type { FastifyInstance } from 'fastify';
import { exportChartCsv, getChart } from '../../../contracts/charts';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { sendCsv } from '../files/routes';
import * as service from './charts-service';

/** T3 the report charts (docs/reports/charts.md). */
export function registerChartRoutes(app: FastifyInstance, deps: Deps) {
  route(app, getChart, ({ auth, params, query }) =>
    service.getChart(deps, auth, params.projectId, params.widget, query),
  );
  route(app, exportChartCsv, async ({ auth, params, query, reply }) => {
    const file = await service.exportChartCsv(deps, auth, params.projectId, params.widget, query.period);
    return sendCsv(reply, file) as never;
  });
}
