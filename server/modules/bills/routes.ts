import type { FastifyInstance } from 'fastify';
import { downloadBillPdf, listSaleBills, sendBill } from '../../../contracts/bills';
import type { Deps } from '../../deps';
import { route } from '../../http/endpoint';
import { attachment } from '../files/routes';
import { billFilename } from './mail';
import * as service from './service';

/** A sale's bills: the list, the PDF download and the sending to the buyer (docs/sales/bills.md). */
export function registerBillRoutes(app: FastifyInstance, deps: Deps) {
  route(app, listSaleBills, ({ auth, params }) =>
    service.listBills(deps, auth, params.projectId, params.requestId),
  );
  route(app, downloadBillPdf, async ({ auth, params, reply }) => {
    const { document, bytes } = await service.billPdf(
      deps,
      auth,
      params.projectId,
      params.requestId,
      params.billId,
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', attachment(billFilename(document)))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(bytes) as never;
  });
  route(app, sendBill, ({ auth, params }) =>
    service.sendBill(deps, auth, params.projectId, params.requestId, params.billId),
  );
}
