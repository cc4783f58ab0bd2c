import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { type Plugin, transformWithOxc } from 'vite';

const CATALOGUE = fileURLToPath(new URL('../../packages/contract/src/common/errors.ts', import.meta.url));
const PREFIX = 'virtual:error-texts/';

/**
 * `virtual:error-texts/<lang>`: the contract's error catalogue in one language (code → text), built from
 * packages/contract/src/common/errors.ts when the app is built. The web app loads the UI language's texts only
 * (issue 18: the catalogue of all three languages was 14 KB gzip of the first load).
 */
export function errorTexts(): Plugin {
  return {
    name: 'dentix:error-texts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const lang = id.slice(PREFIX.length + 1);
      this.addWatchFile(CATALOGUE);
      const { code } = await transformWithOxc(readFileSync(CATALOGUE, 'utf8'), CATALOGUE, { lang: 'ts' });
      const { ERROR_CATALOGUE } = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
        ERROR_CATALOGUE: Record<string, Record<string, string>>;
      };
      const texts = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([c, t]) => [c, t[lang]]));
      if (Object.values(texts).some((t) => typeof t !== 'string')) this.error(`error catalogue: no texts in "${lang}"`);
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
