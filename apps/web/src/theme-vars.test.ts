import { readFileSync } from 'node:fs';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BORDER_RADIUS, THEME_TOKENS } from 'lib/theme-tokens';

const css = readFileSync(`${import.meta.dirname}/theme-vars.css`, 'utf8');
/** theme-vars.css: `--ant-<name>: <value>;` per theme block */
const block = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0]!;
const declared = (selector: string) =>
  [...block(selector).matchAll(/--ant-([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!] as const);
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/Lg$/, 'LG');
const normal = (value: unknown) => (typeof value === 'number' ? `${value}px` : String(value).replace(/\s/g, ''));

describe('theme-vars.css (the pages without antd, issue 18)', () => {
  for (const [mode, selector, algorithm] of [
    ['light', 'html', theme.defaultAlgorithm],
    ['dark', "html[data-theme='dark']", theme.darkAlgorithm],
  ] as const) {
    it(`holds antd's own values in the ${mode} theme`, () => {
      const tokens = theme.getDesignToken({
        algorithm,
        token: { ...THEME_TOKENS[mode], borderRadius: BORDER_RADIUS },
      }) as unknown as Record<string, unknown>;
      const vars = declared(selector);
      expect(vars.length).toBeGreaterThan(10);
      for (const [name, value] of vars)
        expect([name, value.replace(/\s/g, '')]).toEqual([name, normal(tokens[camel(name)])]);
    });
  }
});
