import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config services/<name>/drizzle.config.ts` writes a new migration
// from the tables; the service applies the committed migrations at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
