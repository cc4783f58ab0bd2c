import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { errorTexts } from './error-texts-plugin.ts';

const src = fileURLToPath(new URL('./src/', import.meta.url));

export default defineProject({
  plugins: [react(), errorTexts()],
  resolve: {
    alias: [
      { find: /^(app|lib|components|features)\//, replacement: `${src}$1/` },
      { find: 'virtual:pwa-register', replacement: `${src}test/pwa-register-stub.ts` },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
