// The lint rules that guard the architecture must actually fire: each case lints a snippet as if it were
// a file at the given path, through the repository's own eslint.config.js, and expects the rule's verdict.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fromRoot } from '../lib/paths.ts';

interface Finding {
  ruleId: string | null;
  message: string;
}

// ESLint loads its config through Node's own module loader, so it runs in a child process (as `npm run lint` does),
// once for all cases. Only the rule under test runs, without type information: a snippet is in no tsconfig.
const SCRIPT = `
import { ESLint } from 'eslint';
const cases = JSON.parse(process.argv[1]);
const linters = new Map();
const out = [];
for (const [code, filePath, rule] of cases) {
  if (!linters.has(rule)) {
    linters.set(rule, new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleId === rule,
      overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    }));
  }
  const [result] = await linters.get(rule).lintText(code, { filePath });
  out.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(out));
`;

type Case = [code: string, file: string, rule: string];
const cases: Case[] = [];
let results: Finding[][] = [];

/** Registers a case; its findings are read after the one ESLint run in `beforeAll`. */
function lint(code: string, file: string, rule: string): () => Finding[] {
  const i = cases.push([code, fromRoot(file), rule]) - 1;
  return () => results[i]!;
}

beforeAll(() => {
  const run = spawnSync(process.execPath, ['--input-type=module', '--disable-warning=ExperimentalWarning', '-e', SCRIPT, JSON.stringify(cases)], {
    cwd: fromRoot(),
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  });
  if (run.status !== 0) throw new Error(`eslint failed (${run.status}): ${run.stderr}`);
  results = JSON.parse(run.stdout) as Finding[][];
}, 300_000);

const BOUNDARIES = '@nx/enforce-module-boundaries';
const boundaryErrors = (code: string, file: string) => {
  const found = lint(code, file, BOUNDARIES);
  return () => found().map((f) => f.message);
};

describe('module boundaries', () => {
  const serviceUsesKit = boundaryErrors(
    `import { ZodPipe } from '@prd/kit';\nimport { registerSchema } from '@prd/proto';\nexport { ZodPipe, registerSchema };\n`,
    'services/chat/src/x.ts',
  );
  const serviceUsesService = boundaryErrors(`import { configSchema } from '@prd/identity/config';\nexport { configSchema };\n`, 'services/chat/src/x.ts');
  const relative = boundaryErrors(`import { configSchema } from '../../content/src/config.js';\nexport { configSchema };\n`, 'services/chat/src/x.ts');
  const webUsesKit = boundaryErrors(`import '@prd/kit';\n`, 'web/src/x.ts');
  const protoUsesKit = boundaryErrors(`import '@prd/kit';\n`, 'proto/src/x.ts');
  const sourceUsesTesting = boundaryErrors(`import '@prd/testing/identity';\n`, 'services/chat/src/x.ts');
  const testUsesTesting = boundaryErrors(`import '@prd/testing/identity';\n`, 'services/chat/test/x.int-spec.ts');
  const testUsesService = boundaryErrors(`import '@prd/content/config';\n`, 'services/chat/test/x.int-spec.ts');

  it('lets a service use kit and proto', () => {
    expect(serviceUsesKit()).toEqual([]);
  });

  it('refuses a service importing another service', () => {
    expect(serviceUsesService()).toEqual([expect.stringContaining('can only depend on libs tagged with "scope:kit", "scope:proto"')]);
  });

  it('refuses a relative import into another project', () => {
    expect(relative()).toEqual([expect.stringContaining('Projects cannot be imported by a relative or absolute path')]);
  });

  it('refuses the web client importing kit, and proto importing anything of ours', () => {
    expect(webUsesKit()).toEqual([expect.stringContaining('"scope:proto"')]);
    // Every project of ours uses proto, so this is reported as the cycle it would create.
    expect(protoUsesKit()).toEqual([expect.stringMatching(/Circular dependency between "@prd\/proto" and "@prd\/kit"|cannot depend on any libs/)]);
  });

  it('keeps the shared test helpers out of sources but lets tests use them', () => {
    expect(sourceUsesTesting()).toEqual([expect.stringContaining('can only depend on libs tagged with')]);
    expect(testUsesTesting()).toEqual([]);
  });

  it('refuses a test importing another service', () => {
    expect(testUsesService()).toEqual([expect.stringContaining('can only depend on libs tagged with')]);
  });
});

describe('route access policy', () => {
  const controller = (decorators: string) => `
import { Controller, Get, UseGuards } from '@nestjs/common';
import { InternalGuard, Public, WithUser } from '@prd/kit';
@Controller('api/things')
export class ThingsController {
  ${decorators}
  @Get()
  list() {
    return [];
  }
}
export const used = [InternalGuard, Public, WithUser, UseGuards];
`;
  const findings = (decorators: string) => lint(controller(decorators), 'services/content/src/things.controller.ts', 'prd/route-policy');
  const none = findings('');
  const policies = ['@WithUser()', '@UseGuards(InternalGuard)', '@Public()'].map(findings);
  const otherGuard = findings('@UseGuards(SomeOtherGuard)');

  it('fails a route without a policy', () => {
    expect(none()).toEqual([{ ruleId: 'prd/route-policy', message: expect.stringContaining('Route ThingsController.list has no access policy') }]);
  });

  it('accepts @WithUser(), the internal guard and @Public()', () => {
    for (const found of policies) expect(found()).toEqual([]);
  });

  it('does not count another guard as a policy', () => {
    expect(otherGuard()).toEqual([expect.objectContaining({ ruleId: 'prd/route-policy' })]);
  });
});
