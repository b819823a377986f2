import { closeSync, constants, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Copies the files under `from` into `to` (made as needed, for the service's
 * user alone), each flushed to disk, and says how many it copied. A file
 * already in `to` is kept: a second pass copies only what came since the
 * first. Files a server is still writing (`*.partial`) are left out, and a
 * file removed while the copy runs is skipped.
 */
export function copyTree(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let copied = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copied += copyTree(source, target);
    else if (entry.isFile() && !entry.name.endsWith('.partial') && copyFile(source, target)) copied += 1;
  }
  syncPath(to);
  return copied;
}

/** How many files are under `directory` (none when it is absent). */
export function filesUnder(directory: string): number {
  if (!existsSync(directory)) return 0;
  return readdirSync(directory, { withFileTypes: true }).reduce(
    (count, entry) => count + (entry.isDirectory() ? filesUnder(path.join(directory, entry.name)) : entry.isFile() ? 1 : 0),
    0,
  );
}

/** Whether `directory` is absent or holds nothing. */
export function isEmptyDirectory(directory: string): boolean {
  return !existsSync(directory) || readdirSync(directory).length === 0;
}

/** Flushes a file, or a directory's entries (a rename into it, a new file in it), to disk. */
export function syncPath(file: string): void {
  const handle = openSync(file, 'r');
  try {
    fsyncSync(handle);
  } finally {
    closeSync(handle);
  }
}

function copyFile(source: string, target: string): boolean {
  try {
    copyFileSync(source, target, constants.COPYFILE_EXCL);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOENT') return false; // copied by the first pass; removed meanwhile
    throw error;
  }
  syncPath(target);
  return true;
}
