/** Writes the shop's default icons (web/public/brand-icons) from web/public/favicon.svg. */
import { mkdir, writeFile } from 'node:fs/promises';
import { defaultIconFile, drawDefaultIcons } from '../functions/src/modules/brand/default-icons.js';

for (const { size, png } of await drawDefaultIcons()) {
  const file = defaultIconFile(size);
  await mkdir(new URL('.', file), { recursive: true });
  await writeFile(file, png);
  console.info(`${file.pathname}: ${png.length} bytes`);
}
