import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCsrf from '@fastify/csrf-protection';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '../contracts/files';
import { IMPORT_MAX_BYTES } from '../contracts/participant-import';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Deps } from './deps';
import { registerErrorHandling, sendProblem } from './http/errors';
import { registerNulCharacterGuard } from './http/nul-characters';
import { registerSecurityHeaders } from './http/security-headers';
import { compiledSerializerCompiler } from './http/serializer';
import { type Jobs, noJobs } from './jobs/queue';
import { registerAccessRoutes } from './modules/access/routes';
import { registerActivityRoutes } from './modules/activities/routes';
import { registerActivityEditionRoutes } from './modules/activity-edition/routes';
import { registerActivityHostRoutes } from './modules/activity-hosts/routes';
import { registerActivityImportRoutes } from './modules/activity-import/routes';
import { registerActivityLinkRoutes } from './modules/activity-links/routes';
import { registerActivityMemberRoutes } from './modules/activity-members/routes';
import { registerActivityTableRoutes } from './modules/activity-tables/routes';
import { registerActivityVideoRoutes } from './modules/activity-video/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerB2bRoutes } from './modules/b2b/routes';
import { registerBillRoutes } from './modules/bills/routes';
import { registerCalendarRoutes } from './modules/calendar/routes';
import { registerCampaignRoutes } from './modules/campaigns/routes';
import { registerCompanyRoutes } from './modules/companies/routes';
import { registerDashboardRoutes } from './modules/dashboard/routes';
import { registerFileRoutes } from './modules/files/routes';
import { registerGroupRoutes } from './modules/groups/routes';
import { registerHelpRoutes } from './modules/help/routes';
import { registerLandingRoutes } from './modules/landing/routes';
import { registerMailRoutes } from './modules/mail/routes';
import { registerMailTemplateRoutes } from './modules/mail-templates/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { registerOrganisationRoutes } from './modules/organisation/routes';
import { registerPairingMeetingRoutes } from './modules/pairing-meetings/routes';
import { registerPairingRoutes } from './modules/pairings/routes';
import { registerParticipantImportRoutes } from './modules/participant-import/routes';
import { registerParticipantRoutes } from './modules/participants/routes';
import { registerPaymentRoutes } from './modules/payments/routes';
import { registerPersonalPageRoutes } from './modules/personal-pages/routes';
import { registerProfileFieldRoutes } from './modules/profile-fields/routes';
import { registerProjectRoutes } from './modules/projects/routes';
import { registerPromoCodeRoutes } from './modules/promo-codes/routes';
import { registerQuestionRoutes } from './modules/questions/routes';
import { registerRegistrationRoutes } from './modules/registration/routes';
import { registerReleaseRoutes } from './modules/releases/routes';
import { registerChartRoutes } from './modules/reports/charts-routes';
import { registerReportRoutes } from './modules/reports/report-routes';
import { registerRoleRoutes } from './modules/roles/routes';
import { registerSalesRoutes } from './modules/sales/routes';
import { registerScoreRoutes } from './modules/scores/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerSessionHook, registerSessionRoutes } from './modules/session/routes';
import { registerStripeRoutes } from './modules/stripe/routes';
import { registerTaxRoutes } from './modules/taxes/routes';
import { registerTextRoutes } from './modules/texts/routes';
import { registerUnsubscribeRoutes } from './modules/unsubscribe/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerWizardRoutes } from './modules/wizards/routes';
import { createStorage, type Storage } from './storage';

export interface BuildOptions {
  config: Config;
  database: Database;
  jobs?: Jobs;
  /** By default the storage the configuration chooses (FILES_STORAGE). */
  storage?: Storage;
  now?: () => Date;
  logger?: boolean;
}

/** The whole HTTP application, ready for `listen` or for `inject` in tests. */
export async function buildApp(options: BuildOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  const { config, database } = options;
  const deps: Deps = {
    db: database.db,
    database,
    config,
    jobs: options.jobs ?? noJobs,
    storage: options.storage ?? createStorage(config.files),
    now: options.now ?? (() => new Date()),
  };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    // Fastify accepts a hop count too (proxy-addr), though its types list only booleans and addresses.
    trustProxy: config.trustProxy as boolean | string,
    // Each request is logged only at debug or trace; errors are always logged.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ check: config.responseCheck }));
  registerErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerNulCharacterGuard(app);

  // Security headers; the back office is never framed (clickjacking), scripts come only from this origin.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        'frame-ancestors': ["'none'"],
        // E6: videos embedded in rich texts play in the editor and previews (the sanitiser keeps only these hosts).
        'frame-src': [
          "'self'",
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        'img-src': ["'self'", 'data:', 'blob:'],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCsrf, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: { httpOnly: true, sameSite: 'lax', path: '/', secure: config.session.cookieSecure },
    getToken: (request) => request.headers['x-csrf-token'] as string | undefined,
  });
  await app.register(fastifyRateLimit, { global: false });
  // Uploads: one file per request, cut (not thrown) beyond the largest route limit (a spreadsheet to import);
  // each route refuses what exceeds its own limit with a field error (server/http/endpoint.ts reads the parts).
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: Math.max(IMAGE_MAX_BYTES, IMPORT_MAX_BYTES),
      files: 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 11,
      headerPairs: 100,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Maillage API',
        version: '0.1.0',
        description: 'Every route of the Maillage back office.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'maillage_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerSessionHook(app, deps);
  registerSessionRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerTextRoutes(app, deps);
  registerFileRoutes(app, deps);
  registerHelpRoutes(app, deps);
  registerOrganisationRoutes(app, deps);
  registerReleaseRoutes(app, deps);
  registerWizardRoutes(app, deps);
  registerRoleRoutes(app, deps);
  registerTaxRoutes(app, deps);
  registerPromoCodeRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerGroupRoutes(app, deps);
  registerProfileFieldRoutes(app, deps);
  registerMailRoutes(app, deps);
  registerCampaignRoutes(app, deps);
  registerMailTemplateRoutes(app, deps);
  registerParticipantRoutes(app, deps);
  registerParticipantImportRoutes(app, deps);
  registerActivityRoutes(app, deps);
  registerActivityEditionRoutes(app, deps);
  registerActivityMemberRoutes(app, deps);
  registerActivityHostRoutes(app, deps);
  registerActivityImportRoutes(app, deps);
  registerActivityLinkRoutes(app, deps);
  registerActivityVideoRoutes(app, deps);
  registerActivityTableRoutes(app, deps);
  registerB2bRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerPersonalPageRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerUnsubscribeRoutes(app, deps);
  registerLandingRoutes(app, deps);
  registerSalesRoutes(app, deps);
  registerPairingRoutes(app, deps);
  registerPairingMeetingRoutes(app, deps);
  registerQuestionRoutes(app, deps);
  registerScoreRoutes(app, deps);
  registerChartRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerBillRoutes(app, deps);
  registerStripeRoutes(app, deps);
  registerAccessRoutes(app, deps);
  registerAuditRoutes(app, deps);

  registerWebApp(app, config.webDir);
  return { app, deps };
}

/** A participant's personal page (`/p/<token>`): a page of its own, not the back office. */
const PERSONAL_PAGE_PATH = /^\/p\/[^/?#]+\/?(?:\?.*)?$/;
/** The public registration page (`/r/<token>`): a page of its own too. */
const REGISTRATION_PAGE_PATH = /^\/r\/[^/?#]+\/?(?:\?.*)?$/;

/**
 * Serves the built web app; any other GET outside /api answers its index.html (client-side routes), or the
 * personal page's HTML for `/p/<token>` (its data comes from the API, which checks the token).
 */
function registerWebApp(app: FastifyInstance, webDir: string) {
  const index = path.join(webDir, 'index.html');
  const personalPage = path.join(webDir, 'personal-page.html');
  const registrationPage = path.join(webDir, 'registration-page.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]);
    if (isPage && hasWeb) {
      const page = PERSONAL_PAGE_PATH.test(request.url)
        ? personalPage
        : REGISTRATION_PAGE_PATH.test(request.url)
          ? registrationPage
          : index;
      return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(page));
    }
    return sendProblem(request, reply, 404, 'notFound');
  });
}
