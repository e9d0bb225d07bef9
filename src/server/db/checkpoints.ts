import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the background connection copies the write-ahead log into the database file. It also
 * bounds how old a commit can be before it is synced: with `synchronous = NORMAL` a commit is
 * written to the WAL but synced only by the next checkpoint.
 */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The WAL size (pages) at which a commit on the main connection checkpoints by itself, as SQLite
 * does at 1,000 by default: only when writes come faster than the background connection copies them
 * (a long import), or while no background connection runs.
 */
export const FOREGROUND_CHECKPOINT_PAGES = 4000;

// Plain CommonJS for an eval'd worker: it is not part of any bundle. PASSIVE neither waits for nor
// blocks the writer; it copies what the WAL holds up to the last commit and syncs the files.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try { checkpoint.get(); } catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }); }
}, workerData.interval);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.postMessage({ closed: true }); });
`;

export interface BackgroundCheckpoints {
  /** Closes the background connection; the main connection's close then checkpoints and removes the WAL. */
  stop(): Promise<void>;
}

/**
 * Checkpoints of a SQLite file in WAL mode, run on a worker thread with a connection of its own.
 * Run inside the commit that crosses the threshold, as SQLite does by default, a checkpoint held
 * the event loop for 15–20 ms: every request in flight waited for the copy and the two syncs.
 */
export function startBackgroundCheckpoints(file: string, onError: (message: string) => void): BackgroundCheckpoints {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, module, interval: CHECKPOINT_INTERVAL_MS } });
  // A process whose database is left open still exits when its work is done.
  worker.unref();
  let reported = false;
  worker.on('message', (msg: { error?: string }) => {
    if (msg.error && !reported) {
      reported = true;
      onError(`background checkpoint failed: ${msg.error}`);
    }
  });
  worker.on('error', (err) => onError(`background checkpoints stopped: ${err.message}`));
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= new Promise<void>((resolve) => {
        if (worker.threadId === -1) return resolve();
        worker.once('exit', () => resolve());
        worker.on('message', (msg: { closed?: boolean }) => {
          if (msg.closed) void worker.terminate();
        });
        worker.postMessage('stop');
      })),
  };
}
