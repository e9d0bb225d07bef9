import fs from 'node:fs';
import path from 'node:path';

/** The marker a finished build leaves in its folder. */
export const READY = '.build-ready';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `build` into `dir` once across every process of the run: the first takes a lock folder,
 * the others wait for its ready marker. A lock left by a process that died is taken over.
 */
export async function buildOnce(dir: string, build: (tmp: string) => Promise<void>): Promise<void> {
  const lock = `${dir}.lock`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    if (fs.existsSync(path.join(dir, READY))) return;
    try {
      fs.mkdirSync(lock);
    } catch {
      const owner = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8').trim() || 0);
      if (owner && !alive(owner)) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(100);
      continue;
    }
    fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
    try {
      if (fs.existsSync(path.join(dir, READY))) return;
      const tmp = `${dir}.build-${process.pid}`;
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
      // A database without demo data may leave nothing in its data folder: the folder is made here.
      fs.mkdirSync(tmp, { recursive: true });
      await build(tmp);
      fs.writeFileSync(path.join(tmp, READY), new Date().toISOString());
      fs.renameSync(tmp, dir);
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}
