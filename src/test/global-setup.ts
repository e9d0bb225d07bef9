import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Starts the throw-away PostgreSQL of scripts/pg-test-server.sh when the machine has PostgreSQL and
 * no TEST_PG_URL is given, so `npm test` covers both stores wherever it can. Workers inherit the URL.
 */
export default function setup() {
  if (process.env.TEST_PG_URL) return undefined;
  const hasServer =
    fs.existsSync('/usr/lib/postgresql') &&
    fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  if (!hasServer) return undefined;
  // Another test run may be using the same throw-away cluster: only the run that started it stops it.
  const wasRunning = execFileSync('bash', ['scripts/pg-test-server.sh', 'status'], { encoding: 'utf8' }).trim() === 'running';
  try {
    process.env.TEST_PG_URL = execFileSync('bash', ['scripts/pg-test-server.sh', 'start'], { encoding: 'utf8' }).trim();
  } catch (err) {
    console.warn(`NOTE: could not start PostgreSQL for the tests: ${(err as Error).message}`);
    return undefined;
  }
  return () => {
    if (!wasRunning) execFileSync('bash', ['scripts/pg-test-server.sh', 'stop']);
  };
}
