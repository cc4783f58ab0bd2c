/**
 * The apps (and their databases) testApp opened in the running test file, closed after the file's own afterAll hooks
 * by test/setup.ts. testApp cannot register its own afterAll: called from a beforeAll (as many files do), vitest drops
 * an afterAll registered there without a word, and the app, its hub and its database (a PGlite instance holds about
 * 250 MB) stayed open for the rest of the worker's files when files share a worker (vitest.projects.ts).
 */
const open: Array<() => Promise<void>> = [];

export function closeWithFile(close: () => Promise<void>) {
  open.push(close);
}

export async function closeFileApps() {
  for (const close of open.splice(0).reverse()) await close();
}
