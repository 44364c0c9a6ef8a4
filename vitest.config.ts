import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@shared': here('./shared'), '@web': here('./web') };

// API tests (*.api.test.ts) run twice: once on the embedded PGlite, once on a fresh PostgreSQL database.
export default defineConfig({
  resolve: { alias },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['{shared,server,web,desktop,bench,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'api-pglite',
          environment: 'node',
          isolate: false,
          include: ['server/**/*.api.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        resolve: { alias },
        test: {
          name: 'api-postgres',
          environment: 'node',
          isolate: false,
          include: ['server/**/*.api.test.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
