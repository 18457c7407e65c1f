// Every variable a process's configuration schema requires (no default, not optional) is provided
// by docker-compose.yml and by the Kubernetes manifests, and the values given there pass the schema.
// The schemas are read at test time, so a variable added to a service shows up here at once.
import { describe, expect, test } from '@jest/globals';
import {
  composeEnv,
  composeServices,
  configProblems,
  configSchemaOf,
  containerEnv,
  containers,
  find,
  KUSTOMIZATIONS,
  readCompose,
  renderKustomize,
  requiredVariables,
  secretExamplesOf,
  SERVICES,
  type ProcessEnv,
} from './deploy-files.ts';

const compose = composeServices(readCompose());
const names = SERVICES.map((s) => [s.name] as const);

/** A service's environment in a kustomization as `kubectl kustomize` renders it. */
function k8sEnv(dir: string): (name: string) => ProcessEnv {
  const objects = renderKustomize(dir);
  const secretExamples = secretExamplesOf(dir);
  return (name) => {
    const deployment = find(objects, 'Deployment', name);
    if (!deployment) throw new Error(`no Deployment ${name} in ${dir}`);
    const [container] = containers(deployment);
    return containerEnv(container!, objects, secretExamples);
  };
}

function composeServiceEnv(name: string): ProcessEnv {
  const service = compose[name];
  if (!service) throw new Error(`no Compose service ${name}`);
  return composeEnv(service);
}

describe('configuration schemas', () => {
  test('the required variables are read from the schemas (the base schema needs PORT, DATABASE_URL, REDIS_URL and both secrets)', async () => {
    const required = requiredVariables(await configSchemaOf('identity'));
    expect(required).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'SESSION_SECRET', 'INTERNAL_TOKEN_CONTENT_SHA256', 'INTERNAL_TOKEN_CHAT_WORKER_SHA256']));
    expect(required).not.toContain('LOG_LEVEL');
  });
});

describe.each([['docker-compose.yml', composeServiceEnv], ...KUSTOMIZATIONS.map((dir) => [dir, k8sEnv(dir)] as const)] as const)('%s', (_, envOf) => {
  test.each(names)('provides every variable the %s configuration schema requires', async (name) => {
    const env = envOf(name);
    const missing = requiredVariables(await configSchemaOf(name)).filter((v) => !(v in env.values));
    expect(missing).toEqual([]);
  });

  test.each(names)('gives %s values its configuration schema accepts (secrets aside, which are set at deploy time)', async (name) => {
    expect(configProblems(await configSchemaOf(name), envOf(name))).toEqual([]);
  });

  test.each(names)('runs %s in production mode, listening on every interface', (name) => {
    const { values } = envOf(name);
    expect({ NODE_ENV: values.NODE_ENV, HOST: values.HOST }).toEqual({ NODE_ENV: 'production', HOST: '0.0.0.0' });
  });
});
