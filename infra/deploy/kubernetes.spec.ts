// Static checks of k8s/base and k8s/overlays/production as `kubectl kustomize` renders them (no cluster
// runs here): every object validates against the Kubernetes schemas (kubernetes-models), and names,
// ports, probes and environment agree with each other, with the images and with what the services serve.
import 'reflect-metadata';
import { describe, expect, test } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PATH_METADATA } from '@nestjs/common/constants.js';
// The kit's health routes: what the images' probes must call.
import { HealthController } from '@prd/kit';
import { fromRoot } from '../lib/paths.ts';
import { EMBEDDED_COPIES } from './sync-copies.ts';
import { DATABASES, INTERNAL_CALLERS_OF, NODE_FLAGS } from '../lib/services.ts';
import {
  configSchemaOf,
  containerEnv,
  containers,
  copies,
  dockerfileOfImage,
  effectiveCommand,
  find,
  isObject,
  K8S_PRODUCTION,
  kustomizationOf,
  kustomizeFiles,
  KUSTOMIZATIONS,
  list,
  nameOf,
  obj,
  ofKind,
  parseDockerfile,
  podLabels,
  podSpec,
  readCompose,
  readObjects,
  readYaml,
  renderKustomize,
  requiredVariables,
  resolvePort,
  secretExampleOf,
  secretExamplesOf,
  serviceOfUpstream,
  SERVICES,
  templateVariables,
  upstreamServers,
  upstreamVariables,
  urlTarget,
  type Json,
  type JsonObject,
  type K8sObject,
} from './deploy-files.ts';

interface Model {
  validate(): void;
}
type ModelClass = new (data: JsonObject) => Model;

/** The kubernetes-models class of an object: `apps/v1` + `Deployment` → kubernetes-models/apps/v1/Deployment. */
async function modelOf(apiVersion: string, kind: string): Promise<ModelClass> {
  const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, ModelClass | undefined>;
  const model = module[kind];
  if (!model) throw new Error(`kubernetes-models has no ${kind} in ${apiVersion}`);
  return model;
}

const compose = readCompose();

/** The name label of a Pooler's PgBouncer pods. */
const poolerApp = (pooler: K8sObject) =>
  String(obj(obj(obj(obj(pooler.spec, 'Pooler spec').template, 'Pooler template').metadata, 'template metadata').labels, 'labels')['app.kubernetes.io/name']);

const route = (handler: keyof HealthController) =>
  // Reads the decorator metadata off the method; it is never called.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- see above
  path.posix.join('/', String(Reflect.getMetadata(PATH_METADATA, HealthController) ?? ''), String(Reflect.getMetadata(PATH_METADATA, HealthController.prototype[handler])));

test.each(EMBEDDED_COPIES.map((c) => [c.manifest, c.key, c.source] as const))(
  '%s embeds %s identical to %s (node_modules/.bin/node infra/deploy/sync-copies.ts rewrites it)',
  (manifest, key, source) => {
    const holder = readObjects(manifest).find((o) => isObject(o.object.data) && key in o.object.data);
    expect(obj(holder?.object.data, `${manifest} data`)[key]).toBe(readFileSync(fromRoot(source), 'utf8'));
  },
);

describe.each(KUSTOMIZATIONS)('%s', (dir) => {
  const objects = renderKustomize(dir);
  const secretExamples = secretExamplesOf(dir);
  const deployments = ofKind(objects, 'Deployment');
  const workloads = [...deployments, ...ofKind(objects, 'StatefulSet')];
  const services = ofKind(objects, 'Service');

  const selects = (selector: JsonObject, labels: JsonObject) => Object.entries(selector).every(([k, v]) => labels[k] === v);

  /** The workloads whose pods a Service or PDB selector picks. */
  const selected = (selector: JsonObject) => workloads.filter((w) => selects(selector, podLabels(w)));

  /**
   * Pods the CloudNativePG operator creates (production): a Cluster's instances (PostgreSQL, and the
   * status port the operator polls) and a Pooler's PgBouncers, by their name label and ports.
   */
  const operatorPods = new Map<string, number[]>([
    ...ofKind(objects, 'Cluster').map((c): [string, number[]] => [
      String(obj(obj(obj(c.spec, 'Cluster spec').inheritedMetadata, 'inheritedMetadata').labels, 'labels')['app.kubernetes.io/name']),
      [5432, 8000],
    ]),
    ...ofKind(objects, 'Pooler').map((p): [string, number[]] => [poolerApp(p), [5432]]),
  ]);

  /** The databases PostgreSQL is made to create: the base's first-start script, or the Cluster's bootstrap and Database objects. */
  function databasesCreated(): string[] {
    const init = find(objects, 'ConfigMap', 'postgres-init');
    if (init) return [...String(obj(init.data, 'postgres-init data')['init-databases.sql']).matchAll(/^CREATE DATABASE (\w+);$/gm)].map((m) => m[1]!);
    const [cluster] = ofKind(objects, 'Cluster');
    const first = String(obj(obj(obj(cluster?.spec, 'Cluster spec').bootstrap, 'bootstrap').initdb, 'initdb').database);
    const others = ofKind(objects, 'Database')
      .map((d) => obj(d.spec, 'Database spec'))
      .filter((d) => obj(d.cluster, 'Database cluster').name === nameOf(cluster!))
      .map((d) => String(d.name));
    return [first, ...others];
  }

  const serviceSelector = (service: K8sObject) => obj(obj(service.spec, 'Service spec').selector, `Service ${nameOf(service)} selector`);
  const servicePorts = (service: K8sObject) => list(obj(service.spec, 'Service spec').ports).map((p) => obj(p, 'Service port'));

  /** A Service of this name exposes `port`, and the pods behind it listen there; returns the workload names (a Pooler's: its pods' name). */
  function reachableAt(host: string, port: number): string[] {
    const name = host.split('.')[0]!;
    // The operator gives a Pooler a Service of its own name, on PgBouncer's port.
    const pooler = find(objects, 'Pooler', name);
    if (pooler && port === 5432) return [poolerApp(pooler)];
    const service = find(objects, 'Service', name);
    if (!service) throw new Error(`no Service named ${name}`);
    const entry = servicePorts(service).find((p) => p.port === port);
    if (!entry) throw new Error(`Service ${name} does not expose port ${port}`);
    const behind = selected(serviceSelector(service));
    for (const w of behind) {
      const target = entry.targetPort ?? entry.port;
      if (!containers(w).some((c) => resolvePort(c, target) !== undefined)) throw new Error(`Service ${name}: no container of ${nameOf(w)} has port ${String(target)}`);
    }
    return behind.map(nameOf);
  }

  describe('files', () => {
    test(`every YAML file under ${dir} parses`, () => {
      const files = readdirSync(fromRoot(dir)).filter((f) => /\.ya?ml$/.test(f));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(() => readYaml(path.join(dir, f))).not.toThrow();
    });

    test('kustomization.yaml names existing files, every manifest beside it as a resource or a patch, and not the Secret example', () => {
      const named = kustomizeFiles(dir);
      for (const r of named) expect(existsSync(fromRoot(r))).toBe(true);
      const manifests = readdirSync(fromRoot(dir))
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => path.join(dir, f))
        .filter((f) => f !== kustomizationOf(dir) && f !== secretExampleOf(dir));
      expect([...named].sort()).toEqual(manifests.sort());
    });

    // CloudNativePG's kinds have no schema in kubernetes-models: the production checks below read their fields.
    const builtIn = objects.filter((o) => !o.object.apiVersion.startsWith('postgresql.cnpg.io/'));
    test.each([...builtIn.map((o) => o.object), ...secretExamples].map((o) => [`${o.kind}/${nameOf(o)}`, o] as const))(
      '%s validates against the Kubernetes schema of its apiVersion and kind',
      async (_, object) => {
        const Model = await modelOf(object.apiVersion, object.kind);
        expect(() => new Model(object).validate()).not.toThrow();
      },
    );

    test('autoscalers, disruption budgets and the Ingress use autoscaling/v2, policy/v1 and networking.k8s.io/v1', () => {
      for (const o of ofKind(objects, 'HorizontalPodAutoscaler')) expect(o.apiVersion).toBe('autoscaling/v2');
      for (const o of ofKind(objects, 'PodDisruptionBudget')) expect(o.apiVersion).toBe('policy/v1');
      for (const o of ofKind(objects, 'Ingress')) expect(o.apiVersion).toBe('networking.k8s.io/v1');
    });

    test('the Secret examples hold placeholders only, and every Secret key a workload reads', () => {
      expect(secretExamples.length).toBeGreaterThan(0);
      for (const example of secretExamples) {
        for (const value of Object.values(obj(example.stringData, 'stringData'))) expect(String(value)).toMatch(/^REPLACE_ME/);
      }
      expect(ofKind(objects, 'Secret')).toEqual([]);
      for (const w of workloads) for (const c of containers(w)) expect(() => containerEnv(c, objects, secretExamples)).not.toThrow();
    });
  });

  describe('workloads', () => {
    test.each(SERVICES.map((s) => [s.name, s] as const))('a Deployment %s runs the entry point the local stack runs, with its Node flags', (name, spec) => {
      const deployment = find(objects, 'Deployment', name);
      expect(deployment).toBeDefined();
      const [container] = containers(deployment!);
      const command = effectiveCommand(compose, String(container!.image), container!.command);
      expect(command).toEqual(['node', ...NODE_FLAGS, spec.entry]);
    });

    test.each(SERVICES.map((s) => [s.name] as const))('Deployment %s probes readiness on /readyz and liveness on /healthz at the port it gives the service as PORT', (name) => {
      expect([route('readyz'), route('healthz')]).toEqual(['/readyz', '/healthz']);
      const [container] = containers(find(objects, 'Deployment', name)!);
      const env = containerEnv(container!, objects, secretExamples);
      const port = Number(env.values.PORT);
      expect(list(container!.ports).map((p) => obj(p, 'port').containerPort)).toEqual([port]);
      const readiness = obj(obj(container!.readinessProbe, 'readinessProbe').httpGet, 'readinessProbe.httpGet');
      const liveness = obj(obj(container!.livenessProbe, 'livenessProbe').httpGet, 'livenessProbe.httpGet');
      expect(readiness.path).toBe(route('readyz'));
      expect(liveness.path).toBe(route('healthz'));
      expect(resolvePort(container!, readiness.port)).toBe(port);
      expect(resolvePort(container!, liveness.port)).toBe(port);
      if (isObject(container!.startupProbe)) expect(resolvePort(container!, obj(container!.startupProbe.httpGet, 'startupProbe.httpGet').port)).toBe(port);
    });

    test('every container declares resource requests and limits for CPU and memory', () => {
      for (const w of workloads) {
        for (const c of containers(w)) {
          const resources = obj(c.resources, `${nameOf(w)} resources`);
          for (const bound of ['requests', 'limits']) {
            expect(Object.keys(obj(resources[bound], `${nameOf(w)} resources.${bound}`)).sort()).toEqual(['cpu', 'memory']);
          }
        }
      }
    });

    test('every pod runs as non-root, without privilege escalation or capabilities, on a read-only root filesystem', () => {
      for (const w of workloads) {
        const pod = podSpec(w);
        for (const c of containers(w)) {
          const sc = obj(c.securityContext, `${nameOf(w)} securityContext`);
          const podSc = isObject(pod.securityContext) ? pod.securityContext : {};
          expect({ workload: nameOf(w), runAsNonRoot: sc.runAsNonRoot ?? podSc.runAsNonRoot }).toEqual({ workload: nameOf(w), runAsNonRoot: true });
          expect(typeof (sc.runAsUser ?? podSc.runAsUser)).toBe('number');
          expect(sc.runAsUser ?? podSc.runAsUser).not.toBe(0);
          expect(sc.readOnlyRootFilesystem).toBe(true);
          expect(sc.allowPrivilegeEscalation).toBe(false);
          expect(obj(sc.capabilities, 'capabilities').drop).toEqual(['ALL']);
        }
      }
    });

    test('every Deployment has a writable /tmp on an emptyDir', () => {
      for (const d of deployments) {
        const volumes = list(podSpec(d).volumes).map((v) => obj(v, 'volume'));
        for (const c of containers(d)) {
          const mount = list(c.volumeMounts)
            .map((m) => obj(m, 'volumeMount'))
            .find((m) => m.mountPath === '/tmp');
          expect({ deployment: nameOf(d), tmp: mount !== undefined }).toEqual({ deployment: nameOf(d), tmp: true });
          expect(isObject(volumes.find((v) => v.name === mount!.name)?.emptyDir)).toBe(true);
        }
      }
    });

    test('every Service selects the pods of a workload and targets a port their containers declare', () => {
      for (const service of services) {
        const behind = selected(serviceSelector(service));
        expect({ service: nameOf(service), workloads: behind.length > 0 }).toEqual({ service: nameOf(service), workloads: true });
        for (const p of servicePorts(service)) expect(() => reachableAt(nameOf(service), Number(p.port))).not.toThrow();
      }
    });

    test('every Deployment (the stateless services, the worker, the gateway) has an autoscaler of at least 2 replicas', () => {
      const hpas = ofKind(objects, 'HorizontalPodAutoscaler');
      for (const d of deployments) {
        const hpa = hpas.find((h) => {
          const ref = obj(obj(h.spec, 'hpa spec').scaleTargetRef, 'scaleTargetRef');
          return ref.kind === 'Deployment' && ref.name === nameOf(d) && ref.apiVersion === 'apps/v1';
        });
        expect({ deployment: nameOf(d), autoscaled: hpa !== undefined }).toEqual({ deployment: nameOf(d), autoscaled: true });
        const spec = obj(hpa!.spec, 'hpa spec');
        expect(Number(spec.minReplicas)).toBeGreaterThanOrEqual(2);
        expect(Number(spec.maxReplicas)).toBeGreaterThan(Number(spec.minReplicas));
      }
      expect(hpas).toHaveLength(deployments.length);
    });

    test('every Deployment has a disruption budget whose selector matches only its pods', () => {
      const pdbs = ofKind(objects, 'PodDisruptionBudget');
      for (const d of deployments) {
        const pdb = pdbs.find((p) => selected(obj(obj(obj(p.spec, 'pdb spec').selector, 'pdb selector').matchLabels, 'matchLabels')).includes(d));
        expect({ deployment: nameOf(d), budget: pdb !== undefined }).toEqual({ deployment: nameOf(d), budget: true });
        expect(selected(obj(obj(obj(pdb!.spec, 'pdb spec').selector, 'pdb selector').matchLabels, 'matchLabels')).map(nameOf)).toEqual([nameOf(d)]);
      }
    });

    test('the Ingress sends every path to a Service port that exists', () => {
      const ingresses = ofKind(objects, 'Ingress');
      expect(ingresses.length).toBeGreaterThan(0);
      for (const ingress of ingresses) {
        for (const rule of list(obj(ingress.spec, 'ingress spec').rules).map((r) => obj(r, 'rule'))) {
          for (const p of list(obj(rule.http, 'rule.http').paths).map((x) => obj(x, 'path'))) {
            const backend = obj(obj(p.backend, 'backend').service, 'backend.service');
            const service = find(objects, 'Service', String(backend.name));
            expect(service).toBeDefined();
            const port = obj(backend.port, 'backend port');
            expect(servicePorts(service!).some((sp) => sp.name === port.name || sp.port === port.number)).toBe(true);
          }
        }
      }
    });
  });

  describe('environment and addresses', () => {
    test('service URLs, the database and Redis addresses point at Services that reach the right pods', () => {
      for (const name of SERVICES.map((s) => s.name)) {
        const [container] = containers(find(objects, 'Deployment', name)!);
        const env = containerEnv(container!, objects, secretExamples);
        for (const [variable, value] of Object.entries(env.values)) {
          const target = urlTarget(value);
          if (!target) continue;
          const behind = reachableAt(target.host, target.port);
          // IDENTITY_URL reaches identity's pods, CONTENT_URL content's, and so on.
          const service = /^([A-Z]+)_URL$/.exec(variable)?.[1]?.toLowerCase();
          if (service && SERVICES.some((s) => s.name === service)) expect({ variable, behind }).toEqual({ variable, behind: [service] });
        }
      }
    });

    test('each service connects to its own database, and PostgreSQL creates every one of them', () => {
      for (const spec of SERVICES) {
        const [container] = containers(find(objects, 'Deployment', spec.name)!);
        const url = new URL(containerEnv(container!, objects, secretExamples).values.DATABASE_URL!);
        expect({ service: spec.name, database: url.pathname.slice(1) }).toEqual({ service: spec.name, database: spec.database });
      }
      expect(databasesCreated().sort()).toEqual([...DATABASES].sort());
    });

    test('Redis keeps an append-only file on a persistent volume', () => {
      const redis = find(objects, 'StatefulSet', 'redis')!;
      const [container] = containers(redis);
      expect(list(container!.command).join(' ')).toMatch(/--appendonly yes/);
      const claims = list(obj(redis.spec, 'redis spec').volumeClaimTemplates).map((c) => String(obj(obj(c, 'claim').metadata, 'claim metadata').name));
      const dataMount = list(container!.volumeMounts)
        .map((m) => obj(m, 'mount'))
        .find((m) => m.mountPath === '/data');
      expect(claims).toContain(dataMount?.name);
    });
  });

  describe('gateway', () => {
    const gateway = find(objects, 'Deployment', 'gateway')!;
    const [container] = containers(gateway);
    const env = containerEnv(container!, objects, secretExamples);

    test('the gateway ConfigMap holding the template is mounted where the image renders templates', () => {
      const maps = ofKind(objects, 'ConfigMap').filter((m) => isObject(m.data) && 'gateway.conf.template' in m.data);
      expect(maps).toHaveLength(1);
      const volume = list(podSpec(gateway).volumes)
        .map((v) => obj(v, 'volume'))
        .find((v) => isObject(v.configMap) && v.configMap.name === nameOf(maps[0]!));
      const mount = list(container!.volumeMounts)
        .map((m) => obj(m, 'mount'))
        .find((m) => m.name === volume?.name);
      expect(mount?.mountPath).toBe('/etc/nginx/templates');
      // The entrypoint writes the rendered files there: writable although the root filesystem is not.
      const conf = list(container!.volumeMounts)
        .map((m) => obj(m, 'mount'))
        .find((m) => m.mountPath === '/etc/nginx/conf.d');
      expect(
        isObject(
          list(podSpec(gateway).volumes)
            .map((v) => obj(v, 'volume'))
            .find((v) => v.name === conf?.name)?.emptyDir,
        ),
      ).toBe(true);
    });

    test('the gateway container sets every variable of the template, and listens where GATEWAY_PORT says', () => {
      for (const variable of templateVariables()) expect({ variable, set: variable in env.values }).toEqual({ variable, set: true });
      const port = Number(env.values.GATEWAY_PORT);
      expect(list(container!.ports).map((p) => obj(p, 'port').containerPort)).toEqual([port]);
      for (const probe of [container!.readinessProbe, container!.livenessProbe]) {
        expect(resolvePort(container!, obj(obj(probe, 'probe').httpGet, 'httpGet').port)).toBe(port);
      }
    });

    test("the gateway's upstream servers are the Services and ports of identity, content, chat and export", () => {
      const upstreams = upstreamVariables();
      expect([...new Set(Object.keys(upstreams).map(serviceOfUpstream))].sort()).toEqual(
        SERVICES.filter((s) => s.routed)
          .map((s) => s.name)
          .sort(),
      );
      for (const [upstream, variable] of Object.entries(upstreams)) {
        const servers = upstreamServers(env.values[variable] ?? '');
        expect({ variable, servers: servers.length }).toEqual({ variable, servers: 1 });
        for (const { host, port } of servers) expect({ variable, behind: reachableAt(host, port) }).toEqual({ variable, behind: [serviceOfUpstream(upstream)] });
      }
    });

    test('live documents on one replica: the hash of /ws-collab sees every content pod (a headless Service, re-resolved) (docs/decisions/0029-live-documents-on-one-replica.md)', () => {
      const value = env.values.CONTENT_COLLAB_SERVERS ?? '';
      const [server] = upstreamServers(value);
      const service = find(objects, 'Service', server!.host)!;
      // Through a ClusterIP every socket would reach one address, and kube-proxy would spread them again.
      expect(obj(service.spec, 'Service spec').clusterIP).toBe('None');
      expect(reachableAt(server!.host, server!.port)).toEqual(['content']);
      // Pods come and go: nginx re-resolves the name (`resolve` needs a shared zone and a resolver).
      expect(value).toMatch(/^zone content_collab \d+k; server \S+ resolve;$/);
      const templates = ofKind(objects, 'ConfigMap').find((m) => isObject(m.data) && 'gateway.conf.template' in m.data)!;
      expect(String(obj(templates.data, 'data')['resolver.conf.template'])).toMatch(/^resolver \$\{NGINX_LOCAL_RESOLVERS\} valid=\d+s;$/m);
      expect(env.values.NGINX_ENTRYPOINT_LOCAL_RESOLVERS).toBe('1');
    });

    test('the gateway serves the web root its image copies the built client to', () => {
      const runtime = parseDockerfile(dockerfileOfImage(compose, String(container!.image))).at(-1)!;
      const client = copies(runtime).find((c) => c.sources.includes('/app/web/dist'));
      expect(client?.dest).toBe(env.values.WEB_ROOT);
    });
  });

  describe('network policies (docs/decisions/0003-internal-calls.md, docs/decisions/0010-plain-processes-for-the-local-stack.md)', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const CALLERS = ['content', 'chat', 'chat-worker', 'export', 'identity'] as const;
    const tokenVariable = (caller: string) => `INTERNAL_TOKEN_${caller.toUpperCase().replace(/-/g, '_')}`;
    const appOf = (selector: Json | undefined) => String(obj(obj(selector, 'podSelector').matchLabels, 'matchLabels')['app.kubernetes.io/name']);
    /** A peer's pods by name, or a whole namespace (the operator's) as `namespace:<name>`. */
    const peerOf = (peer: JsonObject) =>
      isObject(peer.namespaceSelector) ? `namespace:${String(obj(peer.namespaceSelector.matchLabels, 'matchLabels')['kubernetes.io/metadata.name'])}` : appOf(peer.podSelector);

    /** The Secret key a Deployment's variable is read from. */
    function secretKeyOf(deployment: string, variable: string): string | undefined {
      const [container] = containers(find(objects, 'Deployment', deployment)!);
      const entry = list(container!.env)
        .map((e) => obj(e, 'env'))
        .find((e) => e.name === variable);
      const ref = entry && isObject(entry.valueFrom) && isObject(entry.valueFrom.secretKeyRef) ? entry.valueFrom.secretKeyRef : undefined;
      return ref ? String(ref.key) : undefined;
    }

    /** Who may open a connection to an app's pods: the apps named by the policies selecting it, or 'anyone'. */
    function allowedInto(app: string): string[] | 'anyone' {
      const from = new Set<string>();
      for (const policy of policies) {
        const spec = obj(policy.spec, 'NetworkPolicy spec');
        const selector = obj(spec.podSelector, 'podSelector');
        if (!isObject(selector.matchLabels) || selector.matchLabels['app.kubernetes.io/name'] !== app) continue;
        for (const rule of list(spec.ingress).map((r) => obj(r, 'ingress rule'))) {
          if (!Array.isArray(rule.from)) return 'anyone';
          for (const peer of rule.from.map((p) => obj(p, 'peer'))) from.add(peerOf(peer));
        }
      }
      return [...from].sort();
    }

    test('refuse every connection inside the namespace unless a policy lets it in', () => {
      const deny = policies.find((p) => Object.keys(obj(obj(p.spec, 'spec').podSelector, 'podSelector')).length === 0);
      expect(deny?.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    });

    test('select pods that exist, and let in only pods that exist, on a port their containers declare', () => {
      const apps = new Set([...workloads.map((w) => String(podLabels(w)['app.kubernetes.io/name'])), ...operatorPods.keys()]);
      for (const policy of policies.filter((p) => isObject(obj(obj(p.spec, 'spec').podSelector, 'podSelector').matchLabels))) {
        const spec = obj(policy.spec, 'spec');
        const target = appOf(spec.podSelector);
        expect({ policy: nameOf(policy), target, exists: apps.has(target) }).toEqual({ policy: nameOf(policy), target, exists: true });
        const workload = workloads.find((w) => podLabels(w)['app.kubernetes.io/name'] === target);
        const declared = workload ? containers(workload).flatMap((c) => list(c.ports).map((p) => obj(p, 'port').containerPort)) : operatorPods.get(target)!;
        for (const rule of list(spec.ingress).map((r) => obj(r, 'rule'))) {
          for (const port of list(rule.ports).map((p) => obj(p, 'port').port)) expect(declared).toContain(port);
          for (const peer of list(rule.from).map((p) => obj(p, 'peer'))) {
            if (!isObject(peer.namespaceSelector)) expect(apps.has(appOf(peer.podSelector))).toBe(true);
          }
        }
      }
    });

    test('give each caller its own token, and each service exactly the tokens of the callers docs/decisions/0003-internal-calls.md names for it', async () => {
      for (const caller of CALLERS) expect({ caller, key: secretKeyOf(caller, 'INTERNAL_TOKEN') }).toEqual({ caller, key: tokenVariable(caller) });
      for (const service of ['identity', 'content', 'chat', 'export'] as const) {
        // Only the hashes of the callers' tokens (docs/decisions/0003-internal-calls.md): no service holds another's token.
        const accepted = (INTERNAL_CALLERS_OF[service] ?? []).map((caller) => `${tokenVariable(caller)}_SHA256`).sort();
        const required = requiredVariables(await configSchemaOf(service))
          .filter((v) => v.startsWith('INTERNAL_TOKEN_'))
          .sort();
        expect({ service, required }).toEqual({ service, required: accepted });
        for (const variable of accepted) expect(secretKeyOf(service, variable)).toBe(variable);
        const given = list(containers(find(objects, 'Deployment', service)!)[0]!.env)
          .map((e) => String(obj(e, 'env').name))
          .filter((n) => n.startsWith('INTERNAL_TOKEN_'));
        expect({ service, given: given.sort() }).toEqual({ service, given: accepted });
      }
    });

    test('let only the gateway reach the services, and only the named callers reach a service with internal routes', () => {
      expect(allowedInto('gateway')).toBe('anyone');
      for (const service of ['identity', 'content', 'chat', 'export'] as const) {
        expect({ service, from: allowedInto(service) }).toEqual({ service, from: ['gateway', ...(INTERNAL_CALLERS_OF[service] ?? [])].sort() });
      }
      expect(allowedInto('chat-worker')).toEqual([]);
    });

    test('let PostgreSQL and Redis be reached by exactly the workloads configured with their address', () => {
      const using = (variable: string) =>
        deployments
          .filter((d) => variable in containerEnv(containers(d)[0]!, objects, secretExamples).values)
          .map((d) => String(podLabels(d)['app.kubernetes.io/name']))
          .sort();
      // PostgreSQL's own pods, or the Pooler in front of them in production.
      const postgresHost = urlTarget(containerEnv(containers(find(objects, 'Deployment', 'content')!)[0]!, objects, secretExamples).values.DATABASE_URL!)!;
      const [databaseApp] = reachableAt(postgresHost.host, postgresHost.port);
      expect(allowedInto(databaseApp!)).toEqual(using('DATABASE_URL'));
      // Redis: the services, and its replica where there is one (production).
      const replica = find(objects, 'StatefulSet', 'redis-replica') ? ['redis-replica'] : [];
      expect(allowedInto('redis')).toEqual([...using('REDIS_URL'), ...replica].sort());
    });
  });
});

describe(`${K8S_PRODUCTION}: what production adds to the base`, () => {
  const objects = renderKustomize(K8S_PRODUCTION);
  const secretExamples = secretExamplesOf(K8S_PRODUCTION);
  const deployments = ofKind(objects, 'Deployment');
  const [cluster] = ofKind(objects, 'Cluster');
  const [pooler] = ofKind(objects, 'Pooler');
  const clusterSpec = obj(cluster?.spec, 'Cluster spec');
  const envOf = (name: string) => containerEnv(containers(find(objects, 'Deployment', name)!)[0]!, objects, secretExamples).values;
  const exampleSecret = (name: string) => secretExamples.find((s) => nameOf(s) === name);

  test('PostgreSQL is a CloudNativePG Cluster of three instances on different nodes, in place of the base StatefulSet', () => {
    expect(find(objects, 'StatefulSet', 'postgres')).toBeUndefined();
    expect(find(objects, 'Service', 'postgres')).toBeUndefined();
    expect(cluster?.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(clusterSpec.instances).toBe(3);
    expect(obj(clusterSpec.affinity, 'affinity')).toMatchObject({ enablePodAntiAffinity: true, podAntiAffinityType: 'required', topologyKey: 'kubernetes.io/hostname' });
  });

  test('PostgreSQL is backed up to object storage, continuously and nightly, with credentials from a Secret the example describes', () => {
    const backup = obj(clusterSpec.backup, 'backup');
    const store = obj(backup.barmanObjectStore, 'barmanObjectStore');
    expect(String(store.destinationPath)).toMatch(/^s3:\/\/\S+/);
    expect(String(backup.retentionPolicy)).toMatch(/^\d+[dwm]$/);
    for (const ref of Object.values(obj(store.s3Credentials, 's3Credentials')).map((r) => obj(r, 'secret reference'))) {
      expect(Object.keys(obj(exampleSecret(String(ref.name))?.stringData, `${String(ref.name)} example`))).toContain(ref.key);
    }
    const scheduled = ofKind(objects, 'ScheduledBackup').map((b) => obj(b.spec, 'ScheduledBackup spec'));
    expect(scheduled.map((b) => obj(b.cluster, 'cluster').name)).toEqual([nameOf(cluster!)]);
  });

  test('the Cluster bootstraps the owner the services log in as, from a basic-auth Secret, and it owns every database', () => {
    const initdb = obj(obj(clusterSpec.bootstrap, 'bootstrap').initdb, 'initdb');
    const user = envOf('content').POSTGRES_USER;
    expect(initdb.owner).toBe(user);
    expect(exampleSecret(String(obj(initdb.secret, 'initdb secret').name))?.type).toBe('kubernetes.io/basic-auth');
    for (const database of ofKind(objects, 'Database')) expect(obj(database.spec, 'Database spec').owner).toBe(user);
  });

  test('the services reach PostgreSQL through a PgBouncer Pooler in session mode (the named prepared statements of the lists live on their connection)', () => {
    const spec = obj(pooler?.spec, 'Pooler spec');
    expect(obj(spec.pgbouncer, 'pgbouncer').poolMode).toBe('session');
    expect({ type: spec.type, cluster: obj(spec.cluster, 'cluster').name }).toEqual({ type: 'rw', cluster: nameOf(cluster!) });
    expect(Number(spec.instances)).toBeGreaterThanOrEqual(2);
    for (const service of SERVICES)
      expect({ service: service.name, host: urlTarget(envOf(service.name).DATABASE_URL!)?.host }).toEqual({ service: service.name, host: nameOf(pooler!) });
  });

  test('Redis keeps a streaming replica with its own append-only file, on another node than the primary', () => {
    const replica = find(objects, 'StatefulSet', 'redis-replica')!;
    const command = list(containers(replica)[0]!.command).join(' ');
    expect(command).toMatch(/--appendonly yes/);
    expect(command).toMatch(/--replicaof redis 6379/);
    const [term] = list(obj(obj(podSpec(replica).affinity, 'affinity').podAntiAffinity, 'podAntiAffinity').requiredDuringSchedulingIgnoredDuringExecution);
    expect(obj(term, 'anti-affinity term')).toMatchObject({ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'redis' } } });
  });

  test('every Deployment autoscales on CPU between at least two pods and a bounded maximum, and spreads over nodes and zones', () => {
    for (const d of deployments) {
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').find((h) => obj(obj(h.spec, 'hpa spec').scaleTargetRef, 'scaleTargetRef').name === nameOf(d))!;
      const spec = obj(hpa.spec, 'hpa spec');
      const metrics = list(spec.metrics).map((m) => obj(obj(m, 'metric').resource, 'resource metric'));
      expect({ deployment: nameOf(d), metrics: metrics.map((m) => m.name) }).toEqual({ deployment: nameOf(d), metrics: ['cpu'] });
      expect(Number(spec.minReplicas)).toBeGreaterThanOrEqual(2);
      expect(Number(spec.maxReplicas)).toBeLessThanOrEqual(30);
      const keys = list(podSpec(d).topologySpreadConstraints).map((c) => obj(c, 'constraint').topologyKey);
      expect({ deployment: nameOf(d), keys: [...keys].sort() }).toEqual({ deployment: nameOf(d), keys: ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'] });
    }
  });

  test("the Pooler's pods have a disruption budget too", () => {
    const labels = obj(obj(obj(obj(pooler?.spec, 'Pooler spec').template, 'template').metadata, 'metadata').labels, 'labels');
    const budgets = ofKind(objects, 'PodDisruptionBudget').filter((p) => {
      const selector = obj(obj(obj(p.spec, 'pdb spec').selector, 'selector').matchLabels, 'matchLabels');
      return Object.entries(selector).every(([k, v]) => labels[k] === v);
    });
    expect(budgets).toHaveLength(1);
  });

  test('memory requests cover what the benchmark measured after its load, and limits the most any replica reached (infra/bench/last-results.json)', () => {
    const measured = residentMemoryAfterLoad();
    for (const d of deployments) {
      const process = nameOf(d) === 'gateway' ? 'nginx' : nameOf(d);
      const figures = measured.get(process);
      expect({ deployment: nameOf(d), measured: figures !== undefined }).toEqual({ deployment: nameOf(d), measured: true });
      const resources = obj(containers(d)[0]!.resources, 'resources');
      const request = mebibytes(String(obj(resources.requests, 'requests').memory));
      const limit = mebibytes(String(obj(resources.limits, 'limits').memory));
      expect({ deployment: nameOf(d), requestCoversOneReplica: request >= figures!.oneReplica }).toEqual({ deployment: nameOf(d), requestCoversOneReplica: true });
      expect({ deployment: nameOf(d), limitCoversEveryReplica: limit >= figures!.most }).toEqual({ deployment: nameOf(d), limitCoversEveryReplica: true });
    }
  });
});

/** A Kubernetes memory quantity in MiB (Mi, Gi). */
function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/**
 * The benchmark's "Resident memory: <process> (at rest → after load)" rows: after the load, one replica's
 * figure ("153 → 177 MiB") and the most any replica of the two-replica run reached ("166 + 162 → 177 + 316 MiB").
 */
function residentMemoryAfterLoad(): Map<string, { oneReplica: number; most: number }> {
  const results = JSON.parse(readFileSync(fromRoot('infra/bench/last-results.json'), 'utf8')) as { table: Array<{ figure: string; cells: Array<{ text: string } | null> }> };
  const rows = results.table.flatMap((row) => {
    const name = /^Resident memory: ([\w-]+) \(at rest → after load\)$/.exec(row.figure)?.[1];
    if (!name) return [];
    const afterLoad = row.cells.map((cell) => (cell?.text.split('→')[1] ?? '').match(/\d+/g)?.map(Number) ?? []);
    return [[name, { oneReplica: Math.max(...(afterLoad[0] ?? [])), most: Math.max(...afterLoad.flat()) }] as const];
  });
  return new Map(rows);
}
