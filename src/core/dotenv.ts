// `.env` parsing (upstream env.load_dotenv), on text the caller has read.
import { pySplitlines, pyStrip } from './py-string.js';

/**
 * KEY=VALUE lines; blank lines, `#` lines and lines without `=` are skipped. Key and value are
 * stripped, one pair of matching surrounding quotes is removed, a later duplicate wins. No variable
 * expansion and no `export` prefix handling, as upstream.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of pySplitlines(text)) {
    const line = pyStrip(raw);
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq === -1) continue;
    const key = pyStrip(line.slice(0, eq));
    let value = pyStrip(line.slice(eq + 1));
    if (key === '') continue;
    const q = value[0];
    if (value.length >= 2 && (q === '"' || q === "'") && value[value.length - 1] === q)
      value = value.slice(1, -1);
    // defineProperty: a `__proto__` key is stored as data, not as the prototype.
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
