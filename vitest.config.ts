import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.projects.ts';

export default defineConfig({
  test: {
    projects: ['packages/contract', ...serverProjects, 'apps/web'],
    // vitest's default is one worker fewer than the cores: ONE on the 2-core machines CI runs on, where the test files
    // (each starting an embedded database or waiting on PostgreSQL) then ran one after another
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
