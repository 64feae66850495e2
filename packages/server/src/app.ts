import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, startupWarnings, type Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { packageRoot } from './lib/paths.ts';
import { requestTimeouts } from './lib/request-timeouts.ts';
import { registerAuth, requirePermissionDeclarations, type RouteEntry } from './plugins/auth.ts';
import { clientErrorHandler, registerErrorHandler } from './plugins/errors.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { DOCUMENT_HEADERS, framedByNoOne, registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerAnswerCheck, serializerCompiler } from './plugins/serialization.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { BackupService } from './modules/backup/backup.service.ts';
import { readStatus } from './modules/backup/backup-files.ts';
import { ScheduledBackups } from './jobs/scheduled-backups.ts';
import { vacuumAnalyze } from './db/upkeep.ts';
import { registerAuditOutcomes } from './modules/audit/audit-hook.ts';
import { AuditQueryService } from './modules/audit/audit-query.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { SignInThrottle } from './modules/auth/sign-in-throttle.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { SessionService } from './lib/sessions.ts';
import { UserRateLimit } from './lib/user-rate-limit.ts';
import { countriesRoutes } from './modules/countries/countries.routes.ts';
import { seedCountries } from './modules/countries/countries.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { bootstrapDefaultOrganization } from './modules/organizations/bootstrap.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { RolesService } from './modules/roles/roles.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { boardRoutes } from './modules/board/board.routes.ts';
import { patientFileRoutes } from './modules/patient-file/patient-file.routes.ts';
import { PatientFileService } from './modules/patient-file/patient-file.service.ts';
import { PatientTrendsService } from './modules/patient-file/patient-trends.service.ts';
import { BoardService } from './modules/board/board.service.ts';
import { billingReportsRoutes } from './modules/billing/billing-reports.routes.ts';
import { BillingReportsService } from './modules/billing/billing-reports.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { EventHub } from './modules/events/event-hub.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { examsRoutes } from './modules/exams/exams.routes.ts';
import { ExamsService } from './modules/exams/exams.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { optionsRoutes } from './modules/options/options.routes.ts';
import { outcomesRoutes } from './modules/outcomes/outcomes.routes.ts';
import { OutcomesService } from './modules/outcomes/outcomes.service.ts';
import { OptionsService, seedMissingOptions } from './modules/options/options.service.ts';
import { codesRoutes } from './modules/codes/codes.routes.ts';
import { iolLensesRoutes } from './modules/iol-lenses/iol-lenses.routes.ts';
import { IolLensesService } from './modules/iol-lenses/iol-lenses.service.ts';
import { CodesService, organizationLexicon } from './modules/codes/codes.service.ts';
import { upgradeDrugs } from './modules/codes/drug-upgrade.ts';
import { lettersRoutes } from './modules/letters/letters.routes.ts';
import {
  LettersService,
  seedMissingLetterTemplates,
  upgradeLettersToText,
} from './modules/letters/letters.service.ts';
import { upgradeStoredDoses } from './modules/exams/stored-doses.ts';
import { runOnce } from './lib/data-upgrades.ts';
import { CountryDirectory } from './modules/patients/country-directory.ts';
import { LocalDiskStorage } from './modules/patients/document-storage.ts';
import { documentsRoutes } from './modules/patients/documents.routes.ts';
import { DocumentsService } from './modules/patients/documents.service.ts';
import { PatientMergeService } from './modules/patients/patient-merge.service.ts';
import { PatientSearchService } from './modules/patients/patient-search.service.ts';
import { patientsRoutes } from './modules/patients/patients.routes.ts';
import { readableLogStream } from './lib/readable-log.ts';
import { upgradeLegacyAlerts } from './modules/patients/patient-alerts.ts';
import { backfillGuardianNames, PatientsService } from './modules/patients/patients.service.ts';
import { BookingReminders } from './jobs/booking-reminders.ts';
import { RecallReminders } from './jobs/recall-reminders.ts';
import { NoShowJob } from './jobs/no-show.ts';
import { OUTBOX_DEFAULTS, TelegramOutbox } from './jobs/telegram-outbox.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { MessagingService } from './modules/messaging/messaging.service.ts';
import { TelegramClient } from './modules/messaging/telegram-client.ts';
import {
  OrganizationSettingsService,
  organizationSettingsRoutes,
} from './modules/organizations/organization-settings.ts';
import { PrintSettingsService } from './modules/printing/print-settings.service.ts';
import { printingRoutes } from './modules/printing/printing.routes.ts';
import { PrintingService } from './modules/printing/printing.service.ts';
import { queueRoutes } from './modules/queue/queue.routes.ts';
import { QueueListsService } from './modules/queue/queue-lists.service.ts';
import { QueueService } from './modules/queue/queue.service.ts';
import { QueueTransitionsService } from './modules/queue/queue-transitions.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { appointmentsRoutes } from './modules/appointments/appointments.routes.ts';
import { AppointmentsService } from './modules/appointments/appointments.service.ts';
import { AppointmentsSetupService } from './modules/appointments/appointments-setup.service.ts';
import { BillingChargesService } from './modules/billing/billing-charges.service.ts';
import { BillingPaymentsService } from './modules/billing/billing-payments.service.ts';
import { BillingPricesService } from './modules/billing/billing-prices.service.ts';
import { BillingShiftsService } from './modules/billing/billing-shifts.service.ts';
import { SupportService } from './modules/support/support.service.ts';
import { registerRenderedPages } from './web/rendered-pages.ts';

export const VERSION = (
  JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;

export interface AppDeps {
  clock?: Clock;
  /** An open database (tests share one); otherwise opened from the config. */
  database?: Database;
  /** Where to print the first administrator's generated password. */
  print?: (line: string) => void;
  /** Check every JSON answer against its route's schema (the test suites; see plugins/serialization.ts). */
  checkAnswers?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  sessions: SessionService;
  /** Live events (queue changes) between processes and to the open event streams. */
  events: EventHub;
  /** Every API route with its declared permission. */
  routes: RouteEntry[];
  /** Users' notifications: what background workers (Telegram) call to tell users. */
  notifications: NotificationsService;
  /** The Telegram outbox worker (null without TELEGRAM_BOT_TOKEN); started here only with TELEGRAM_WORKER. */
  outbox: TelegramOutbox | null;
  recalls: RecallReminders;
  /** Bookings not arrived become no-shows (jobs/no-show.ts); running with TELEGRAM_WORKER, tests call `runOnce`. */
  noShows: NoShowJob;
  /** The booking reminders' scheduler (jobs/booking-reminders.ts), scanned with the recalls'. */
  bookingReminders: BookingReminders;
  backups: BackupService;
  /** The daily backups; running only in a server that owns its embedded database (not in tests' shared one). */
  scheduledBackups: ScheduledBackups;
  close(): Promise<void>;
}

/** Builds the whole server from a parsed config: database ready, every module registered, nothing listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<BuiltApp> {
  const clock = deps.clock ?? systemClock;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      // Half the request's time, so that a query on a connection that stopped answering fails as a 503 in time.
      queryTimeoutMs: Math.max(1_000, Math.floor(config.REQUEST_TIMEOUT_MS / 2)),
    }));
  const ownsDatabase = !deps.database;
  await database.prepare(async (db) => {
    await seedCountries(db);
    await bootstrapDefaultOrganization(
      db,
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      deps.print,
    );
    await seedMissingOptions(db);
    await upgradeDrugs(db);
    await seedMissingLetterTemplates(db);
    await runOnce(db, 'letters-text-only', () => upgradeLettersToText(db));
    await runOnce(db, 'doses-as-numbers', () => upgradeStoredDoses(db));
    await backfillGuardianNames(db);
    await runOnce(db, 'alerts-as-data', () =>
      upgradeLegacyAlerts(db, (orgId) => organizationLexicon(db, orgId)),
    );
  });

  const sessions = new SessionService(database, clock, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_MINUTES * 60_000,
  });
  await sessions.start();
  const users = new UsersService(database.db, sessions);
  const roles = new RolesService(database.db, sessions);
  const auth = new AuthService(
    database.db,
    sessions,
    users,
    clock,
    new SignInThrottle(database.db, clock, {
      maxFailures: config.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    }),
    config.SESSION_IDLE_MINUTES,
  );

  const { requestTimeout, ...httpTimeouts } = requestTimeouts(config.REQUEST_TIMEOUT_MS);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.body.password'],
      serializers: { req: requestForLog },
      ...((config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty'
        ? { stream: readableLogStream() }
        : {}),
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout,
    http: httpTimeouts,
    trustProxy: config.TRUST_PROXY,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);

  const webDir = config.WEB_DIST_DIR ?? path.resolve(packageRoot, '../web/dist');
  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  registerErrorHandler(
    app,
    hasWeb ? (_request, reply) => reply.headers(DOCUMENT_HEADERS).sendFile('index.html', webDir) : undefined,
  );
  const routes = requirePermissionDeclarations(app, { docs: 'authenticated' });

  registerSecurityHeaders(app);
  if (deps.checkAnswers) registerAnswerCheck(app);
  // No allowed origins means same-origin only, which browsers enforce without any CORS headers.
  if (config.CORS_ORIGINS.length)
    await app.register(cors, {
      origin: config.CORS_ORIGINS,
      credentials: true,
      allowedHeaders: ['authorization', 'content-type', 'x-organization', 'x-background'],
      exposedHeaders: ['retry-after', 'x-request-id'],
    });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Basira API',
        version: VERSION,
        description:
          'Request bodies are read strictly: a key the schema does not know is refused with 422 ' +
          '`field.unknown` naming its path (`right`, `readings.0.foo`), with every other field error. ' +
          'Unknown query parameters are ignored; a known one given twice or of the wrong type is a 422.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: framedByNoOne,
  });

  database.setLog(app.log);
  for (const warning of await startupWarnings(database)) app.log.warn(warning);
  const events = new EventHub(database, app.log);
  await events.start();
  const countries = await CountryDirectory.load(database.db);
  const patients = new PatientsService(database.db, countries, clock, events);
  const patientSearch = new PatientSearchService(database.db, countries, clock);
  const patientMerge = new PatientMergeService(database.db, patients, clock);
  const documents = new DocumentsService(
    database.db,
    new LocalDiskStorage(path.resolve(config.DATA_DIR, 'uploads')),
    clock,
    config.UPLOAD_MAX_BYTES,
  );
  const queue = new QueueService(database.db, clock, events);
  const queueLists = new QueueListsService(database.db, clock);
  const transitions = new QueueTransitionsService(database.db, clock, events);
  const exams = new ExamsService(database.db, clock, events);
  const board = new BoardService(database.db, patients, queue, queueLists, transitions, documents, exams);
  const patientTrends = new PatientTrendsService(database.db, patients);
  const patientFile = new PatientFileService(patients, queueLists, exams, documents, patientTrends);
  const options = new OptionsService(database.db);
  const codes = new CodesService(database.db);
  const dashboard = new DashboardService(database.db, clock);
  const printSettings = new PrintSettingsService(database.db);
  const printing = new PrintingService(database.db, clock, exams, printSettings);
  const notifications = new NotificationsService(database.db, events, clock);
  const support = new SupportService(database.db, clock, notifications);
  const telegram = config.TELEGRAM_BOT_TOKEN
    ? new TelegramClient(config.TELEGRAM_API_BASE, config.TELEGRAM_BOT_TOKEN)
    : null;
  const organizationSettings = new OrganizationSettingsService(database.db);
  const messaging = new MessagingService(database.db, clock, telegram, organizationSettings, events);
  const outbox = telegram
    ? new TelegramOutbox(database.db, telegram, clock, notifications, app.log, {
        ...OUTBOX_DEFAULTS,
        ratePerSecond: config.TELEGRAM_RATE_PER_SECOND,
        leaseMs: config.TELEGRAM_LEASE_SECONDS * 1000,
      })
    : null;
  const recalls = new RecallReminders(database.db, clock, notifications, telegram !== null);
  const noShows = new NoShowJob(database.db, clock, events, (error) =>
    app.log.error({ err: error }, 'no-shows: a pass failed'),
  );
  const bookingReminders = new BookingReminders(database.db, clock, telegram !== null);

  const backups = new BackupService(database, config, clock, VERSION);
  const scheduledBackups = new ScheduledBackups(
    clock,
    config.BACKUP_HOUR,
    async () => {
      const { last } = await readStatus(backups.directory);
      return last ? new Date(last.at) : null;
    },
    // The embedded database's night: its backup, then its upkeep (PGlite has no autovacuum: db/upkeep.ts).
    async () => {
      try {
        await backups.create('schedule');
      } finally {
        if (database.kind === 'pglite')
          await vacuumAnalyze(database).catch((error: unknown) =>
            app.log.error({ err: error }, 'upkeep: VACUUM (ANALYZE) of the embedded database failed'),
          );
      }
    },
    (error) => app.log.error({ err: error }, 'backup: the scheduled backup failed'),
  );

  registerAuth(app, database.db, sessions, new UserRateLimit(config.REQUESTS_PER_USER_PER_MINUTE));
  registerAuditOutcomes(app, database.db);
  await app.register(healthRoutes, { database, version: VERSION });
  await app.register(authRoutes, { auth, loginRatePerMinute: config.LOGIN_RATE_PER_ADDRESS_PER_MINUTE });
  await app.register(usersRoutes, { users });
  await app.register(rolesRoutes, { roles });
  await app.register(countriesRoutes, { db: database.db });
  await app.register(patientsRoutes, { patients, search: patientSearch, merge: patientMerge, countries });
  await app.register(documentsRoutes, { documents, maxBytes: config.UPLOAD_MAX_BYTES });
  await app.register(queueRoutes, { queue, lists: queueLists, transitions });
  await app.register(boardRoutes, { board, lists: queueLists });
  await app.register(patientFileRoutes, { patientFile, patientTrends });
  await app.register(examsRoutes, { exams });
  await app.register(optionsRoutes, { options });
  await app.register(codesRoutes, { codes });
  await app.register(iolLensesRoutes, { lenses: new IolLensesService(database.db, clock) });
  await app.register(outcomesRoutes, { outcomes: new OutcomesService(database.db, clock) });
  await app.register(dashboardRoutes, { dashboard });
  await app.register(billingReportsRoutes, { reports: new BillingReportsService(database.db, clock) });
  await app.register(printingRoutes, { settings: printSettings, printing, queue });
  await app.register(lettersRoutes, { letters: new LettersService(database.db, clock, exams) });
  await app.register(notificationsRoutes, { notifications });
  await app.register(supportRoutes, { support });
  await app.register(billingRoutes, {
    prices: new BillingPricesService(database.db, clock),
    charges: new BillingChargesService(database.db, clock),
    payments: new BillingPaymentsService(database.db, clock),
    shifts: new BillingShiftsService(database.db, clock),
    printing,
  });
  await app.register(appointmentsRoutes, {
    appointments: new AppointmentsService(database.db, clock, events),
    setup: new AppointmentsSetupService(database.db, clock),
  });
  await app.register(organizationSettingsRoutes, { settings: organizationSettings });
  await app.register(backupRoutes, { backups });
  await app.register(auditRoutes, { audit: new AuditQueryService(database.db) });
  await app.register(messagingRoutes, {
    messaging,
    webhookSecret: config.TELEGRAM_WEBHOOK_SECRET,
    onQueued: () => outbox?.nudge(),
    answerCallback: async (answer) => outbox?.answerCallback(answer),
  });
  await app.register(eventsRoutes, {
    hub: events,
    sessions,
    heartbeatMs: config.EVENTS_HEARTBEAT_SECONDS * 1000,
  });
  const rendersPages = hasWeb && registerRenderedPages(app, webDir, { db: database.db, sessions });
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // `/` is a page the server draws when the build can (web/rendered-pages.ts).
      index: rendersPages ? false : 'index.html',
      // The build writes .br and .gz beside each text asset (packages/web/precompress.ts).
      preCompressed: true,
      // One route per built file instead of one wildcard route: the wildcard checks each
      // request's path against a listing of every directory on it (a readdir of assets/, against aliases on
      // case-insensitive disks), a large part of a file's server CPU. The list is made at start: a web build
      // made while the server runs is served from its next start (npm start builds first, then starts).
      wildcard: false,
      // Built chunks have content-hashed names: cache them for good, so screens already fetched still open
      // while the server is briefly down. index.html and the locale files are revalidated every time.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          void res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

  await app.ready();
  if (ownsDatabase && backups.scheduled) {
    await backups.writeTokenFile();
    scheduledBackups.start();
  }
  const stopJobs = config.TELEGRAM_WORKER
    ? startMessagingJobs(outbox, [recalls, bookingReminders], config, app.log)
    : null;
  // The no-show pass runs with the other background jobs (any number of processes may run it).
  if (config.TELEGRAM_WORKER && config.NO_SHOW_WORKER) noShows.start();
  return {
    app,
    database,
    sessions,
    events,
    routes,
    notifications,
    outbox,
    recalls,
    noShows,
    bookingReminders,
    backups,
    scheduledBackups,
    close: async () => {
      await scheduledBackups.stop();
      await noShows.stop();
      await stopJobs?.();
      await app.close();
      await events.stop();
      await sessions.stop();
      if (ownsDatabase) await database.close();
    },
  };
}

const RECALL_SCAN_MS = 60_000;

/**
 * The outbox worker and the reminders' schedulers (recalls, bookings) of this process (any number of processes may
 * run them), and the webhook's registration with Telegram when TELEGRAM_WEBHOOK_URL is set. Returns how to stop them.
 */
function startMessagingJobs(
  outbox: TelegramOutbox | null,
  reminders: readonly (RecallReminders | BookingReminders)[],
  config: Config,
  log: FastifyInstance['log'],
): () => Promise<void> {
  outbox?.start(config.TELEGRAM_POLL_MS);
  const scan = async () => {
    for (const job of reminders)
      await job.runOnce().then(
        (queued) => {
          if (queued > 0) outbox?.nudge();
        },
        (error: unknown) => log.error({ err: error }, 'reminders: a scan failed'),
      );
  };
  void scan();
  const timer = setInterval(() => void scan(), RECALL_SCAN_MS);
  if (outbox && config.TELEGRAM_WEBHOOK_URL)
    outbox
      .setWebhook(config.TELEGRAM_WEBHOOK_URL, config.TELEGRAM_WEBHOOK_SECRET)
      .catch((error: unknown) => log.error({ err: error }, 'telegram: the webhook was not registered'));
  return async () => {
    clearInterval(timer);
    await outbox?.stop();
  };
}

/** The request as logged: the event stream's `?token=` never reaches the log. */
function requestForLog(req: { method: string; url: string; ip?: string; hostname?: string }) {
  return {
    method: req.method,
    url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
    host: req.hostname,
    remoteAddress: req.ip,
  };
}
