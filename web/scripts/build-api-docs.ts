// Writes the API reference beside the built client (dist/api-docs/): the OpenAPI document generated
// from proto's route registry and Swagger UI's files from node_modules, all served by the gateway at
// /api/openapi.json and /api/docs with no request leaving the site.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildOpenApiDocument } from '@prd/proto/openapi';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'dist', 'api-docs');
const swaggerUi = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'openapi.json'), `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) copyFileSync(path.join(swaggerUi, file), path.join(out, file));
for (const file of ['index.html', 'init.js']) copyFileSync(path.join(web, 'api-docs', file), path.join(out, file));
console.log(`API reference written to ${path.relative(web, out)}/`);
