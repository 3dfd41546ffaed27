import path from 'node:path';
import { z } from 'zod';
import { appRoot } from './db/client';

/** Every setting of the server, read once from the environment. Documented in README.md § Configuration. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(10).default(3600),
  SESSION_WARN_SECONDS: z.coerce.number().int().min(1).default(300),
  SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).default(60),
  SESSION_MAX_SECONDS: z.coerce.number().int().min(60).default(43_200),
  SESSION_RECHECK_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A1: how long an invitation link, a « mot de passe oublié » link and a kiosk PIN work. */
  INVITATION_HOURS: z.coerce.number().int().min(1).max(2160).default(168),
  PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  PIN_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  JOBS: z.enum(['true', 'false']).default('true'),
  RESPONSE_CHECK: z.enum(['true', 'false']).default('false'),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(20),
  TRUST_PROXY: z.string().default('false'),
  FILES_STORAGE: z.enum(['local', 's3']).default('local'),
  FILES_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  SMTP_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  /**
   * How long an SMTP server may stay silent before an attempt is given up (connecting and greeting: half of it). A
   * message left `sending` ten times this long belonged to a process that died: it is sent again.
   */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  MAIL_FROM: z.string().trim().default('Maillage <no-reply@maillage.local>'),
  /** At most this many messages leave per minute, across instances (SMTP providers cap it); 0 (default): no limit. */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(0),
  CAMPAIGN_CHUNK_SIZE: z.coerce.number().int().min(1).max(5_000).default(250),
  CAMPAIGN_CHUNK_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The address participants reach this server at, for the links in e-mails (personal page, unsubscribe, feeds). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  IMPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  REPORT_ATTACH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(5 * 1024 * 1024),
  REPORT_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Issue 22: audit events older than this are deleted every night. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  WHEREBY_API_KEY: z.string().trim().optional(),
  WHEREBY_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.whereby.dev/v1'),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
});

/** Where uploaded files live: a folder of this machine, or an S3-compatible bucket (several instances). */
export type FilesConfig =
  | { storage: 'local'; dir: string }
  | {
      storage: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

function filesConfig(e: z.infer<typeof envSchema>, dataDir: string): FilesConfig {
  if (e.FILES_STORAGE === 'local') {
    return { storage: 'local', dir: path.resolve(e.FILES_DIR || path.join(dataDir, 'files')) };
  }
  if (!e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when FILES_STORAGE=s3');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (default credentials)',
    );
  }
  return {
    storage: 's3',
    endpoint: e.S3_ENDPOINT || undefined,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The SMTP server that sends the outbox; none (the embedded default) keeps every message in the app. */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  /** The transport's silence limit per attempt (SMTP_TIMEOUT_SECONDS). */
  timeoutMs: number;
}

export interface MailConfig {
  /** The From of every message, `Name <address>` or a bare address. */
  from: string;
  /** The domain of the Message-ID headers: the From address's domain. */
  domain: string;
  smtp: SmtpConfig | null;
  /** Messages sent per minute at most (0: no limit). */
  ratePerMinute: number;
  /** A message `sending` for this long belonged to a process that died (ten times the SMTP time limit). */
  staleSendingMs: number;
  /** A campaign's messages written to the outbox this many per transaction (CAMPAIGN_CHUNK_SIZE). */
  campaignChunk: number;
  /** A pause after each chunk (CAMPAIGN_CHUNK_PAUSE_MS): spreads a large send's writes on a shared database. */
  campaignPauseMs: number;
}

const mailError = (line: string) => new Error(`Invalid configuration:\n  ${line}`);

function mailConfig(e: z.infer<typeof envSchema>): MailConfig {
  const address = /<([^<>\s]+)>\s*$/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  if (!z.email().safeParse(address).success) {
    throw mailError('MAIL_FROM: an address, e.g. "Maillage <no-reply@example.com>"');
  }
  const domain = address.split('@')[1];
  let smtp: SmtpConfig | null = null;
  if (e.SMTP_URL) {
    if (e.SMTP_HOST) throw mailError('SMTP_URL and SMTP_HOST: set one, not both');
    let url: URL;
    try {
      url = new URL(e.SMTP_URL);
    } catch {
      throw mailError('SMTP_URL: a URL such as smtp://user:password@host:587 or smtps://host:465');
    }
    if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      throw mailError('SMTP_URL: a URL such as smtp://user:password@host:587 or smtps://host:465');
    }
    const secure = e.SMTP_SECURE ? e.SMTP_SECURE === 'true' : url.protocol === 'smtps:';
    smtp = {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : (e.SMTP_PORT ?? (secure ? 465 : 587)),
      secure,
      user: url.username ? decodeURIComponent(url.username) : e.SMTP_USER || undefined,
      password: url.password ? decodeURIComponent(url.password) : e.SMTP_PASSWORD || undefined,
      timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    };
  } else if (e.SMTP_HOST) {
    const secure = e.SMTP_SECURE === 'true';
    smtp = {
      host: e.SMTP_HOST,
      port: e.SMTP_PORT ?? (secure ? 465 : 587),
      secure,
      user: e.SMTP_USER || undefined,
      password: e.SMTP_PASSWORD || undefined,
      timeoutMs: e.SMTP_TIMEOUT_SECONDS * 1000,
    };
  } else if (e.SMTP_USER || e.SMTP_PASSWORD || e.SMTP_PORT) {
    throw mailError('SMTP_HOST (or SMTP_URL): required with SMTP_PORT, SMTP_USER or SMTP_PASSWORD');
  }
  if (smtp && !!smtp.user !== !!smtp.password) {
    throw mailError('SMTP_USER and SMTP_PASSWORD: set both, or neither (no authentication)');
  }
  return {
    from: e.MAIL_FROM,
    domain,
    smtp,
    ratePerMinute: e.MAIL_RATE_PER_MINUTE,
    staleSendingMs: e.SMTP_TIMEOUT_SECONDS * 10_000,
    campaignChunk: e.CAMPAIGN_CHUNK_SIZE,
    campaignPauseMs: e.CAMPAIGN_CHUNK_PAUSE_MS,
  };
}

/** Card payments through Stripe (issue 20): the official client's key and address, and the webhooks' signing secret. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Where the client sends its calls: api.stripe.com, or a local fake (tests, `npm run fake-stripe`). */
  api: { host: string; port: number; protocol: 'http' | 'https' };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  const fail = (line: string) => new Error(`Invalid configuration:\n  ${line}`);
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET) throw fail('STRIPE_SECRET_KEY: required with STRIPE_WEBHOOK_SECRET');
    return null;
  }
  if (!/^(sk|rk)_(test|live)_\S+$/.test(e.STRIPE_SECRET_KEY)) {
    throw fail('STRIPE_SECRET_KEY: a secret key of Stripe (sk_live_…, sk_test_…, or restricted rk_…)');
  }
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw fail(
      "STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the endpoint's signing secret, whsec_…)",
    );
  }
  if (!/^whsec_\S+$/.test(e.STRIPE_WEBHOOK_SECRET)) {
    throw fail("STRIPE_WEBHOOK_SECRET: the endpoint's signing secret, whsec_…");
  }
  const url = new URL(e.STRIPE_API_URL);
  if (url.pathname.replace(/\/+$/, '') || url.search || url.username) {
    throw fail('STRIPE_API_URL: a bare address such as https://api.stripe.com or http://127.0.0.1:12111');
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    api: {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
      protocol,
    },
  };
}

/** `false` (the client's own address), `true`, a number of proxy hops, or a comma list of proxy addresses. */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  session: {
    idleSeconds: number;
    warnSeconds: number;
    checkSeconds: number;
    /** However active, a session ends this long after sign-in. */
    maxSeconds: number;
    /**
     * A session read from the database this recently is not read again (0: read at every call). A change made
     * through this instance counts at once; one made elsewhere (another instance, SQL) within this bound.
     */
    recheckSeconds: number;
    cookieSecure: boolean;
  };
  login: { maxAttempts: number; windowSeconds: number };
  /** A1: lifetimes of invitation links, reset links and kiosk PINs, in seconds. */
  accounts: { invitationSeconds: number; resetSeconds: number; pinSeconds: number };
  seedDemo: 'auto' | 'true' | 'false';
  jobs: boolean;
  /** Every response also encoded by zod and compared with the compiled writer's (server/http/serializer.ts); the tests set it. */
  responseCheck: boolean;
  /** V8's old generation may grow this much (%) past the live heap before a full collection; 0: V8's own rule (server/heap.ts). */
  heapGrowingPercent: number;
  trustProxy: boolean | number | string;
  webDir: string;
  files: FilesConfig;
  mail: MailConfig;
  /** The server's public address without a trailing slash, for links in e-mails (`PUBLIC_URL`). */
  publicUrl: string;
  /** Uploaded participant files and what their imports keep are deleted this long after the last step. */
  importRetentionDays: number;
  /** T2: an e-mailed report larger than this is sent as a link to a stored file, valid `linkDays` days. */
  reportMail: { attachMaxBytes: number; linkDays: number };
  /** Issue 22: the audit log keeps its events this many days (docs/audit.md). */
  auditRetentionDays: number;
  /** V6 video rooms: the Whereby REST API (none without a key: the link tab says rooms are not configured). */
  whereby: { apiKey: string; apiUrl: string } | null;
  /** Card payments (Stripe); none without STRIPE_SECRET_KEY: the public page sells only free registrations. */
  stripe: StripeConfig | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    session: {
      idleSeconds: e.SESSION_IDLE_SECONDS,
      warnSeconds: Math.min(e.SESSION_WARN_SECONDS, e.SESSION_IDLE_SECONDS),
      checkSeconds: e.SESSION_CHECK_SECONDS,
      maxSeconds: e.SESSION_MAX_SECONDS,
      recheckSeconds: e.SESSION_RECHECK_SECONDS,
      cookieSecure: e.COOKIE_SECURE === 'true',
    },
    login: { maxAttempts: e.LOGIN_MAX_ATTEMPTS, windowSeconds: e.LOGIN_WINDOW_SECONDS },
    accounts: {
      invitationSeconds: e.INVITATION_HOURS * 3600,
      resetSeconds: e.PASSWORD_RESET_MINUTES * 60,
      pinSeconds: e.PIN_HOURS * 3600,
    },
    seedDemo: e.SEED_DEMO,
    jobs: e.JOBS === 'true',
    responseCheck: e.RESPONSE_CHECK === 'true',
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    trustProxy: trustProxy(e.TRUST_PROXY),
    webDir: path.join(appRoot, env.MAILLAGE_DIST || 'dist', 'web'),
    files: filesConfig(e, dataDir),
    mail: mailConfig(e),
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
      /\/+$/,
      '',
    ),
    importRetentionDays: e.IMPORT_RETENTION_DAYS,
    reportMail: { attachMaxBytes: e.REPORT_ATTACH_MAX_BYTES, linkDays: e.REPORT_LINK_DAYS },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    whereby: e.WHEREBY_API_KEY
      ? { apiKey: e.WHEREBY_API_KEY, apiUrl: e.WHEREBY_API_URL.replace(/\/+$/, '') }
      : null,
    stripe: stripeConfig(e),
  };
}
