// npm run admin -- grant <email> | revoke <email> | premium <email> <days>: admin rights and premium
// by hand from the command line,
// against the same database the server uses (DATA_DIR or DATABASE_URL).
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runAdminCommand } from './admin-command';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const { code, message } = await runAdminCommand(database.db, process.argv.slice(2));
    (code === 0 ? console.log : console.error)(message);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exitCode = 1;
});
