import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Files under `root` (none when it does not exist), relative to it, as sorted `/`-separated paths. */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}
