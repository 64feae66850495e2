import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirError, keepFilesPrivate, prepareDataDir } from './lib/private-files.ts';
import { tuneHeapForServing } from './lib/serving-heap.ts';

async function main(): Promise<void> {
  keepFilesPrivate();
  tuneHeapForServing();
  let config;
  try {
    config = loadConfig();
    prepareDataDir(config.DATA_DIR);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const built = await buildApp(config);
  const address = await built.app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  process.stdout.write(
    `Basira is running at ${address.replace('0.0.0.0', 'localhost')} (database: ${where})\n`,
  );

  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    built.app.log.info({ signal }, 'shutting down');
    built.close().then(
      () => process.exit(0),
      (error: unknown) => {
        built.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Basira failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
