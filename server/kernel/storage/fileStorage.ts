import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where files live (images, generated passes), by key such as `image/2f1c….png`. The local directory is the
 * default; an S3-compatible bucket implements the same three calls for several instances.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** the file, or undefined when there is none under the key */
  get(key: string): Promise<Buffer | undefined>;
  /** removes the file; a missing file is not an error */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * Files in a local directory: each key is a path under it. A file is written to a temporary name and renamed,
 * so a reader never sees half of it.
 *
 * @example const storage = localDirectoryStorage(path.join(config.dataDir, 'files'))
 */
export function localDirectoryStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
