import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const MEMORY_TMP = '/dev/shm/scop-tests';

/**
 * The tests' scratch folders (data folders of test apps and browser servers, Chromium profiles) go
 * to memory where the machine has a tmpfs with room: with its profile on disk, Chromium's browser
 * process spent about 50 s of CPU on one journey file, 5 s on a tmpfs, on a machine whose two cores
 * the suite keeps busy. Workers inherit TMPDIR, which os.tmpdir() reads.
 */
function scratchInMemory() {
  // A temporary folder the user chose stays theirs.
  if (process.env.TMPDIR) return;
  try {
    const fsStat = fs.statfsSync('/dev/shm');
    // 0x01021994 is tmpfs; a container's 64 MB /dev/shm has no room for data folders.
    if (fsStat.type !== 0x01021994 || fsStat.bavail * fsStat.bsize < 2 * 1024 ** 3) return;
    fs.mkdirSync(MEMORY_TMP, { recursive: true });
    process.env.TMPDIR = MEMORY_TMP;
  } catch {
    // No /dev/shm: the system's temporary folder it is.
  }
}

/**
 * Starts the throw-away PostgreSQL of scripts/pg-test-server.sh when the machine has PostgreSQL and
 * no TEST_PG_URL is given, so `npm test` covers both stores wherever it can. Workers inherit the URL.
 */
export default function setup() {
  scratchInMemory();
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
