import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time (ms) of the files under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) if (name !== 'node_modules') visit(path.join(entry, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** True when the output is missing or older than any of the inputs. */
export function isStale(output, inputs) {
  if (!fs.existsSync(output)) return true;
  return newestMtime(inputs) > fs.statSync(output).mtimeMs;
}
