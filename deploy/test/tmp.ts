// The tests' scratch folders: each test file's are removed when its
// process exits (node --test runs every file in a process of its own), so
// that the synthesized stacks, fixture inputs and fake CLIs of a run do not
// pile up in the system's temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** tempDir makes a new folder under the system's temporary folder, named prefix and a random suffix. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
