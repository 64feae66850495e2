import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const minutes = z.coerce
  .number()
  .int()
  .positive()
  .max(60 * 24 * 366);

/** Every setting of the server, read once from the environment at start (README: "Configuration"). */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (one readable line per request) at a terminal, `json` otherwise (log collectors). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  SESSION_IDLE_MINUTES: minutes.default(60),
  SESSION_ABSOLUTE_MINUTES: minutes.default(12 * 60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  LOGIN_FAILURE_WINDOW_MINUTES: minutes.default(15),
  LOGIN_RATE_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Signed-in requests per user a minute, in bursts of half of it (README: why 600). Polls count apart. */
  REQUESTS_PER_USER_PER_MINUTE: z.coerce.number().int().positive().default(600),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ADMIN_EMAIL: z.email().default('admin@basira.local'),
  ADMIN_PASSWORD: z.string().min(8).max(200).optional(),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: z.string().optional(),
  /** Largest patient document (PDF, PNG, JPEG); larger uploads answer 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** Seconds between heartbeat comments on the live event stream (proxies drop idle connections). */
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(600).default(25),
  /** The bot's token from @BotFather. Unset: messaging says it is not configured, and nothing is sent. */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]+$/, 'must look like 123456:ABC-def (from @BotFather)')
    .optional(),
  /** The Bot API's address (a local Bot API server, or a fake one in tests). */
  TELEGRAM_API_BASE: z.url().default('https://api.telegram.org'),
  /** Telegram sends it in `X-Telegram-Bot-Api-Secret-Token`; the webhook refuses any update without it. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'letters, digits, _ and - only (1-256)')
    .optional(),
  /** This server's public webhook address; set, the server registers it with Telegram at start. */
  TELEGRAM_WEBHOOK_URL: z.url().optional(),
  /** Whether this process runs the outbox worker and the recall scheduler (any number of processes may). */
  TELEGRAM_WORKER: bool.default(true),
  /**
   * Whether a process running the background jobs (TELEGRAM_WORKER) also marks no-shows every minute
   * (jobs/no-show.ts). Any number of processes may; the tests' child servers do not (their pass, on the real clock,
   * would mark every other test's bookings in the shared test database).
   */
  NO_SHOW_WORKER: bool.default(true),
  TELEGRAM_RATE_PER_SECOND: z.coerce.number().positive().max(30).default(25),
  /** How long a claimed message is its worker's; past it, another worker settles it (docs/messaging.md). */
  TELEGRAM_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(60),
  TELEGRAM_POLL_MS: z.coerce.number().int().positive().max(60_000).default(1000),
  /** Local hour (0-23) of the embedded database's daily backup (docs/operations.md). */
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  /** How many daily backups to keep; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Where backups go (a second disk, a mounted share); default `DATA_DIR/backups`. */
  BACKUP_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
