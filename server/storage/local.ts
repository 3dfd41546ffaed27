import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, assertSafePrefix, type Storage } from './storage';

/**
 * Files in a folder (FILES_DIR, by default <DATA_DIR>/files). The content type is kept beside each file
 * (`<key>.type`), so a file is served as it was stored whatever its name.
 */
export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return file;
  };
  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.partial`;
      await fs.writeFile(partial, bytes);
      await fs.writeFile(`${file}.type`, contentType);
      await fs.rename(partial, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const [bytes, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, 'utf8').catch(() => 'application/octet-stream'),
        ]);
        return { bytes, contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}.type`, { force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const folder = prefix.slice(0, prefix.lastIndexOf('/'));
      const start = prefix.slice(folder.length + 1);
      let entries: Dirent[];
      try {
        // The prefix is checked: no `..`, no absolute path.
        entries = await fs.readdir(path.join(root, folder), { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      // Neither the content type kept beside a file nor a file being written (`.partial`) is a stored file.
      return entries
        .filter((e) => e.isFile() && e.name.startsWith(start) && !/\.(type|partial)$/.test(e.name))
        .map((e) => `${folder}/${e.name}`);
    },
  };
}
