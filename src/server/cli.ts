/**
 * Runs a command-line task: one-line error and exit status 1 on failure, and always closes the
 * database so the process exits by itself (PGlite keeps it alive otherwise).
 */
import { closeDatabase } from '@/server/db/client';

export async function runCli(task: () => Promise<void | number>): Promise<never> {
  let status = 0;
  try {
    status = (await task()) ?? 0;
  } catch (error) {
    console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    status = 1;
  }
  try {
    await closeDatabase();
  } catch (error) {
    console.error(
      `Error while closing the database: ${error instanceof Error ? error.message : String(error)}`,
    );
    status = status || 1;
  }
  process.exit(status);
}
