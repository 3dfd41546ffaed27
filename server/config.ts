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
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  JOBS: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.string().default('false'),
  FILES_STORAGE: z.enum(['local', 's3']).default('local'),
  FILES_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
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
    cookieSecure: boolean;
  };
  login: { maxAttempts: number; windowSeconds: number };
  seedDemo: 'auto' | 'true' | 'false';
  jobs: boolean;
  trustProxy: boolean | number | string;
  webDir: string;
  files: FilesConfig;
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
      cookieSecure: e.COOKIE_SECURE === 'true',
    },
    login: { maxAttempts: e.LOGIN_MAX_ATTEMPTS, windowSeconds: e.LOGIN_WINDOW_SECONDS },
    seedDemo: e.SEED_DEMO,
    jobs: e.JOBS === 'true',
    trustProxy: trustProxy(e.TRUST_PROXY),
    webDir: path.join(appRoot, env.MAILLAGE_DIST || 'dist', 'web'),
    files: filesConfig(e, dataDir),
  };
}
