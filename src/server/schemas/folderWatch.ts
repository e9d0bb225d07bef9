import fs from 'node:fs';
import path from 'node:path';

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `changed` with the path (relative to `root`) of every file created, written, renamed or
 * removed anywhere under `root`. Each folder is watched as a folder, not its files one by one: an
 * editor, `sed -i` or `mv` saves by writing a new file and renaming it over the old one, which gives
 * the file a new inode, and a watch on the old inode (what Node's recursive watch does on Linux)
 * never hears of that file again. A folder's watch hears every name that appears in it; folders
 * created later are watched as they appear, removed ones are forgotten.
 */
export function watchFolder(root: string, changed: (rel: string) => void, onError: (err: Error) => void): FolderWatch {
  const watchers = new Map<string, fs.FSWatcher>();
  const add = (dir: string) => {
    if (watchers.has(dir)) return;
    let w: fs.FSWatcher;
    try {
      w = fs.watch(dir, (_event, name) => {
        if (!name) return;
        const full = path.join(dir, String(name));
        const rel = (p: string) => path.relative(root, p).replace(/\\/g, '/');
        // Files written into a new folder before its watch began are reported with it.
        if (isFolder(full) && !watchers.has(full)) addTree(full).forEach((f) => changed(rel(f)));
        else if (watchers.has(full) && !isFolder(full)) drop(full);
        changed(rel(full));
      });
    } catch (err) {
      // A folder removed between its listing and its watch: nothing under it to hear.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    w.on('error', (err) => {
      drop(dir);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && dir === root) onError(err);
    });
    watchers.set(dir, w);
  };
  /** Watches the folder and those below it; answers the files found in them. */
  const addTree = (dir: string): string[] => {
    add(dir);
    return safeList(dir).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? addTree(full) : [full];
    });
  };
  const drop = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d === dir || d.startsWith(dir + path.sep)) {
        w.close();
        watchers.delete(d);
      }
    }
  };
  addTree(root);
  return { close: () => drop(root) };
}

function isFolder(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function safeList(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
