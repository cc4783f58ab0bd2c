import { readdirSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { errorTexts } from './error-texts-plugin.ts';

const src = fileURLToPath(new URL('./src/', import.meta.url));
/** Where /api goes in dev and preview; API_PROXY_TARGET overrides (e.g. a second server on another port). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * Vendor groups for libraries every screen needs, cached apart from app releases. UI-kit components are not
 * grouped: those used only by lazy pages then stay in those pages' chunks, so the first load stays small.
 */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'vendor-data', test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/]/ },
];

/**
 * react-router publishes its production build (no development warnings) only under dist/production, outside its
 * package exports: the app's build takes it.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The i18next namespaces: the shell's files (src/locales/en/<ns>.json), each feature folder with strings, errors. */
const NAMESPACES = new Set([
  'errors',
  ...readdirSync(`${src}locales/en`).map((f) => f.replace(/\.json$/, '')),
  ...readdirSync(`${src}features`, { withFileTypes: true })
    .filter((d) => d.isDirectory() && readdirSync(`${src}features/${d.name}`).includes('locales'))
    .map((d) => d.name),
]);

/**
 * The namespaces a module names: useTranslation('ns') or (['a', 'b']), `ns: 'x'`, t('ns:key'), getFixedT(lng, 'ns').
 * Only names of existing namespaces count.
 */
export function namespacesOfModule(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[\w-]+'|"[\w-]+")/g))
    for (const q of m[1]!.matchAll(/['"]([\w-]+)['"]/g)) found.add(q[1]!);
  for (const m of code.matchAll(/\bns:\s*['"]([\w-]+)['"]/g)) found.add(m[1]!);
  for (const m of code.matchAll(/\bt\(\s*['"`]([\w-]+):/g)) found.add(m[1]!);
  for (const m of code.matchAll(/getFixedT\([^,()]+,\s*['"]([\w-]+)['"]/g)) found.add(m[1]!);
  return [...found].filter((ns) => NAMESPACES.has(ns)).sort();
}

/**
 * Strings load with the code that shows them (issue 18): each module of the app that names namespaces starts with
 * `await namespacesReady([...])` (lib/i18n.ts), so a lazy page's chunk is evaluated only once its strings are in
 * i18next, in the UI's language. Put on the first line, so the module's line numbers stay as they are.
 */
function stringsWithTheirCode(): Plugin {
  return {
    name: 'dentix:strings-with-their-code',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(src) || !/\.tsx?$/.test(file) || /\.test\.tsx?$|\/test\//.test(file)) return null;
      if (file === `${src}lib/i18n.ts` || file === `${src}lib/storage.ts`) return null;
      const namespaces = namespacesOfModule(code);
      if (!namespaces.length) return null;
      const head = `import { namespacesReady as __namespacesReady } from 'lib/i18n'; await __namespacesReady(${JSON.stringify(namespaces)}); `;
      return { code: head + code, map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: /^(app|lib|components|features)\//, replacement: `${src}$1/` },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  plugins: [
    stringsWithTheirCode(),
    errorTexts(),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'Dentix',
        short_name: 'Dentix',
        description: 'Dental clinic management',
        lang: 'ar',
        dir: 'rtl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#079ee4',
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api/],
        cleanupOutdatedCaches: true,
        // the first install controls the page at once (its precache is this build's), so every chunk of a lazy page
        // loads offline from then on, not only after the next load (offline-ready.ts); an update still waits for the
        // user's reload (registerType 'prompt')
        clientsClaim: true,
        // push notifications: show them and open the app at their route (public/push-sw.js)
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    // A lazy chunk's static imports are not listed for preloading in the chunk that imports it (issue 18): the lists
    // of every page's files made the route registry and the entry 14 KB heavier on the first load. The entry's own
    // imports are still preloaded from index.html.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
}));
