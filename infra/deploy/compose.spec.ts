// Static checks of docker-compose.yml (no Docker engine runs here): the processes, their health
// checks and start order, the addresses they use, the secrets and the data volumes.
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths.ts';
import { DATABASES } from '../lib/services.ts';
import {
  COMPOSE_FILE,
  composeEnv,
  composeRefs,
  composeServices,
  configSchemaOf,
  effectiveCommand,
  isObject,
  list,
  obj,
  readCompose,
  readYaml,
  SERVICES,
  str,
  templateVariables,
  upstreamServers,
  upstreamVariables,
  serviceOfUpstream,
  urlTarget,
  type JsonObject,
} from './deploy-files.ts';

const compose = readCompose();
const services = composeServices(compose);
const NODE_HEALTHCHECK = /fetch\('http:\/\/127\.0\.0\.1:' ?\+ ?process\.env\.PORT ?\+ ?'\/readyz'\)/;

const dependsOn = (service: JsonObject): JsonObject => (isObject(service.depends_on) ? service.depends_on : {});
const healthTest = (service: JsonObject): string => list(obj(service.healthcheck, 'healthcheck').test).join(' ');

/** The PORT a Compose service listens on, from its environment. */
const portOf = (name: string) => Number(composeEnv(services[name]!).values.PORT);

test('docker-compose.yml parses', () => {
  expect(() => readYaml(COMPOSE_FILE)).not.toThrow();
});

describe('processes', () => {
  test.each(SERVICES.map((s) => [s.name, s] as const))('%s runs in Compose with the entry point the local stack runs', (name, spec) => {
    const service = services[name];
    expect(service).toBeDefined();
    expect(effectiveCommand(compose, String(service!.image), service!.command)).toContain(spec.entry);
  });

  test.each(SERVICES.map((s) => [s.name] as const))('%s has a health check asking /readyz on the PORT it was given', (name) => {
    expect(healthTest(services[name]!)).toMatch(NODE_HEALTHCHECK);
    // podman 4.3 splits an exec-form health check's arguments at spaces (seen in the container phase).
    const args = list(obj(services[name]!.healthcheck, 'healthcheck').test).slice(1);
    expect(args.filter((a) => String(a).includes(' '))).toEqual([]);
    expect(portOf(name)).toBeGreaterThan(0);
  });

  test('every depends_on target is a service of the file with a health check, awaited as healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [target, condition] of Object.entries(dependsOn(service))) {
        expect({ name, target, exists: target in services }).toEqual({ name, target, exists: true });
        expect(healthTest(services[target]!)).not.toBe('');
        expect({ name, target, condition: obj(condition, 'depends_on entry').condition }).toEqual({ name, target, condition: 'service_healthy' });
      }
    }
  });

  /**
   * Addresses a service calls only on a user's request, never to start: identity calls content when an
   * account is deleted (a 503 while content is down), and content waits for identity, so identity cannot wait for it.
   */
  const CALLED_ON_REQUEST_ONLY: Record<string, string[]> = { identity: ['CONTENT_URL'] };

  test.each(SERVICES.map((s) => [s.name] as const))('%s waits for every service, the database and Redis that its configuration points at', async (name) => {
    const service = services[name]!;
    const env = composeEnv(service).values;
    const declared = Object.keys((await configSchemaOf(name)).shape).filter((v) => !CALLED_ON_REQUEST_ONLY[name]?.includes(v));
    for (const variable of declared) {
      const target = urlTarget(env[variable] ?? '');
      if (!target) continue;
      expect({ variable, host: target.host, waits: target.host in dependsOn(service) }).toEqual({ variable, host: target.host, waits: true });
    }
  });

  test('service URLs (IDENTITY_URL, CONTENT_URL, ...) name that Compose service and the PORT it listens on', () => {
    const urlOf = new Map(SERVICES.map((s) => [`${s.name.toUpperCase().replace(/-/g, '_')}_URL`, s.name]));
    for (const service of Object.values(services)) {
      for (const [variable, value] of Object.entries(composeEnv(service).values)) {
        const name = urlOf.get(variable);
        if (!name) continue;
        expect({ variable, target: urlTarget(value) }).toEqual({ variable, target: { host: name, port: portOf(name) } });
      }
    }
  });

  test('only the gateway is published to the host', () => {
    const published = Object.entries(services)
      .filter(([, s]) => list(s.ports).length > 0)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
  });
});

describe('gateway', () => {
  const gateway = services.gateway!;
  const env = composeEnv(gateway).values;

  test('sets every variable of the gateway template', () => {
    for (const variable of templateVariables()) expect({ variable, set: variable in env }).toEqual({ variable, set: true });
  });

  test('upstream servers are the Compose services identity, content, chat and export on their PORTs', () => {
    const upstreams = upstreamVariables();
    expect([...new Set(Object.keys(upstreams).map(serviceOfUpstream))].sort()).toEqual(
      SERVICES.filter((s) => s.routed)
        .map((s) => s.name)
        .sort(),
    );
    for (const [upstream, variable] of Object.entries(upstreams)) {
      const service = serviceOfUpstream(upstream);
      const servers = upstreamServers(env[variable] ?? '');
      expect({ variable, servers }).toEqual({ variable, servers: [{ host: service, port: portOf(service) }] });
      expect(service in dependsOn(gateway)).toBe(true);
    }
  });

  test('publishes the port nginx listens on (GATEWAY_PORT) and checks its health there', () => {
    const [mapping] = list(gateway.ports).map(String);
    expect(mapping?.split(':').at(-1)).toBe(env.GATEWAY_PORT);
    expect(healthTest(gateway)).toContain(`http://127.0.0.1:${env.GATEWAY_PORT}/`);
  });
});

describe('secrets', () => {
  const SECRET = /SECRET|TOKEN|KEY|PASSWORD/;

  test('every secret comes from the env file and stops Compose with a message when it is missing', () => {
    for (const [name, service] of Object.entries(services)) {
      const raw = isObject(service.environment) ? service.environment : {};
      for (const [variable, value] of Object.entries(raw)) {
        if (!SECRET.test(variable)) continue;
        const refs = composeRefs(String(value));
        expect({ name, variable, fromEnvFile: refs.length === 1 && refs[0]!.required }).toEqual({ name, variable, fromEnvFile: true });
      }
    }
  });

  test('database passwords inside DATABASE_URL come from the env file too', () => {
    for (const [name, service] of Object.entries(services)) {
      const raw = isObject(service.environment) ? str(service.environment.DATABASE_URL) : undefined;
      if (raw === undefined) continue;
      expect({ name, refs: composeRefs(raw).map((r) => [r.name, r.required]) }).toEqual({ name, refs: [['POSTGRES_PASSWORD', true]] });
    }
  });

  test('every required variable carries a message saying how to set it', () => {
    const text = readFileSync(fromRoot(COMPOSE_FILE), 'utf8');
    for (const m of text.matchAll(/\$\{([A-Z_]+):\?([^}]*)\}/g)) expect({ variable: m[1], message: m[2]!.trim().length > 10 }).toEqual({ variable: m[1], message: true });
  });
});

describe('data', () => {
  const volumes = isObject(compose.volumes) ? Object.keys(compose.volumes) : [];
  const mounts = (name: string) => list(services[name]!.volumes).map(String);

  test('PostgreSQL 15 keeps its data on a named volume and creates every service database on first start', () => {
    const postgres = services.postgres!;
    expect(String(postgres.image)).toMatch(/^postgres:15(\.|-|$)/);
    expect(mounts('postgres').some((m) => volumes.some((v) => m === `${v}:/var/lib/postgresql/data`))).toBe(true);
    const init = mounts('postgres').find((m) => m.includes(':/docker-entrypoint-initdb.d'));
    expect(init).toBe('./docker/postgres:/docker-entrypoint-initdb.d:ro');
    const sql = readFileSync(fromRoot('docker/postgres/init-databases.sql'), 'utf8');
    for (const db of DATABASES) expect(sql).toMatch(new RegExp(`^CREATE DATABASE ${db};$`, 'm'));
  });

  test('each service connects to its own database on the Compose PostgreSQL', () => {
    for (const spec of SERVICES) {
      const url = new URL(composeEnv(services[spec.name]!).values.DATABASE_URL!);
      expect({ service: spec.name, host: url.hostname, database: url.pathname.slice(1) }).toEqual({ service: spec.name, host: 'postgres', database: spec.database });
      expect(url.username).toBe(composeEnv(services.postgres!).values.POSTGRES_USER);
    }
  });

  test('Redis runs with the append-only file on, on a named volume', () => {
    const redis = services.redis!;
    expect(list(redis.command).map(String).join(' ')).toMatch(/--appendonly yes/);
    expect(mounts('redis').some((m) => volumes.some((v) => m === `${v}:/data`))).toBe(true);
  });
});
