import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { readYaml, isObject, type Json, type JsonObject } from '../deploy/deploy-files.ts';
import { isAlive, sleep } from '../lib/process.ts';
import { freshSecrets } from '../lib/secrets.ts';
import { CONTAINERS_DIR, exec, podman } from './podman.ts';
import { pinBridge } from './bridge.ts';

/**
 * `podman kube play` of k8s/base/: what can run without a cluster. Each Deployment (and each StatefulSet,
 * played as a Deployment of one pod) starts as a pod with the ConfigMaps and a test Secret, and must
 * become ready by its own readiness probe, which we run as the kubelet would (podman 4.3 ignores
 * readiness probes). Three things stand in for the cluster, as a deploy would set them: images are
 * named as they are in our local storage (`kustomize edit set image`) with `imagePullPolicy: Never`;
 * `$(NAME)` references in env values expanded as the kubelet does (podman 4.3 does not); Services
 * resolve through `hostAliases` to the pods started before (no cluster DNS here, so
 * workloads start in dependency order); emptyDir volumes and volume claims become world-writable
 * directories of this machine, as the kubelet makes emptyDirs.
 *
 * Every name a run creates (pods, network, ConfigMap volumes, Secrets) starts with KUBE_RUN, which
 * names the run: podman's storage is shared by every checkout on the machine, so another checkout's
 * run may be up at the same time, and neither touches the other's.
 */
export const KUBE_RUN = process.env.KUBE_RUN ?? `prd-kube-${process.pid}`;
const KUBE_DIR = path.join(CONTAINERS_DIR, 'kube');
const runDir = (run: string) => path.join(KUBE_DIR, run);
const DIR = runDir(KUBE_RUN);
const named = (name: string) => `${KUBE_RUN}-${name}`;

/** Start order: each workload's Services are up before the workloads that call them. */
export const KUBE_ORDER = ['postgres', 'redis', 'identity', 'content', 'chat', 'chat-worker', 'export', 'gateway'];

const LOCAL_IMAGES: Record<string, string> = {
  'postgres:15-bookworm': 'docker.io/library/postgres:15-bookworm',
  'redis:7.4-bookworm': 'docker.io/library/redis:7.4-bookworm',
};
const localImage = (image: string) => LOCAL_IMAGES[image] ?? `docker.io/${image}`;

function manifests(): JsonObject[] {
  return readdirSync(path.resolve(import.meta.dirname, '../../k8s/base'))
    .filter((f) => f.endsWith('.yaml') && f !== 'secret.example.yaml' && f !== 'kustomization.yaml')
    .flatMap((f) => readYaml(`k8s/base/${f}`))
    .filter(isObject);
}

export interface Workload {
  name: string;
  /** The pod template's spec, as the manifest has it. */
  spec: JsonObject;
  template: JsonObject;
  /** A StatefulSet's volume claim templates, by name. */
  claims: string[];
}

export function workloads(): Workload[] {
  const found = manifests()
    .filter((d) => d.kind === 'Deployment' || d.kind === 'StatefulSet')
    .map((d) => {
      const meta = d.metadata as JsonObject;
      const template = (d.spec as JsonObject).template as JsonObject;
      const claims = ((d.spec as JsonObject).volumeClaimTemplates as JsonObject[] | undefined) ?? [];
      return { name: String(meta.name), spec: template.spec as JsonObject, template, claims: claims.map((c) => String((c.metadata as JsonObject).name)) };
    });
  return found.sort((a, b) => KUBE_ORDER.indexOf(a.name) - KUBE_ORDER.indexOf(b.name));
}

/** Services → the workload whose pods they select (by app.kubernetes.io/name). */
function serviceTargets(): Array<{ service: string; workload: string }> {
  return manifests()
    .filter((d) => d.kind === 'Service')
    .map((d) => ({ service: String((d.metadata as JsonObject).name), workload: String(((d.spec as JsonObject).selector as JsonObject)['app.kubernetes.io/name']) }));
}

/** Writes the ConfigMaps (one file each, for --configmap) and creates the test Secret(s) every secretKeyRef names. */
/** The test Secrets' values (secret name → key → value), for the kubelet's $(VAR) expansion. */
const secretValues = new Map<string, Record<string, string>>();

export async function prepareKube(): Promise<string[]> {
  await kubeDown();
  mkdirSync(DIR, { recursive: true });
  const configMaps = manifests().filter((d) => d.kind === 'ConfigMap');
  const files = configMaps.map((cm) => {
    const name = String((cm.metadata as JsonObject).name);
    const file = path.join(DIR, `configmap-${name}.yaml`);
    writeFileSync(file, stringify({ ...cm, metadata: { ...(cm.metadata as JsonObject), name: named(name) } }));
    return file;
  });
  // The Secret's keys are read from the manifests, so a new secret variable needs no change here.
  const secrets = new Map<string, Set<string>>();
  const visit = (node: Json | undefined) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (isObject(node)) {
      const ref = node.secretKeyRef;
      if (isObject(ref)) {
        const name = String(ref.name);
        secrets.set(name, (secrets.get(name) ?? new Set()).add(String(ref.key)));
      }
      Object.values(node).forEach(visit);
    }
  };
  manifests().forEach(visit);
  for (const [name, keys] of secrets) {
    // podman 4.3 reads a secretKeyRef from a podman secret holding a JSON map of base64 values.
    const file = path.join(DIR, `secret-${name}.json`);
    const values = freshSecrets(keys, () => randomBytes(32).toString('hex'));
    secretValues.set(name, values);
    const data = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
    writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
    await podman(['secret', 'create', named(name), file]);
  }
  await podman(['network', 'create', KUBE_RUN]);
  return files;
}

/** podman 4.3 names a Deployment's one pod `<name>-pod-0`; ours are named after the run. */
const podName = (w: Workload) => `${named(w.name)}-pod-0`;

export async function podIp(w: Workload): Promise<string> {
  const infra = (await podman(['pod', 'inspect', '--format', '{{.InfraContainerID}}', podName(w)])).trim();
  return (await podman(['inspect', '--format', `{{(index .NetworkSettings.Networks "${KUBE_RUN}").IPAddress}}`, infra])).trim();
}

/** Plays one workload as a Deployment of one pod, its Services' names pointing at the pods already started. */
export async function play(w: Workload, configMaps: string[], started: Map<string, string>): Promise<void> {
  const spec: JsonObject = structuredClone(w.spec);
  for (const c of [...((spec.initContainers as JsonObject[] | undefined) ?? []), ...(spec.containers as JsonObject[])]) {
    c.image = localImage(String(c.image));
    c.imagePullPolicy = 'Never';
    expandDependentVariables(c);
    renameReferences(c);
    withoutResolve(c);
  }
  // emptyDir volumes and volume claims: directories of the node, world-writable as the kubelet makes
  // emptyDirs (podman's own emptyDir is root's, and it ignores fsGroup).
  const volumes: JsonObject[] = [...((spec.volumes as JsonObject[] | undefined) ?? []), ...w.claims.map((name) => ({ name, emptyDir: {} }))];
  spec.volumes = volumes.map((v): JsonObject => {
    // ConfigMap and Secret volumes: the run's own names (see prepareKube).
    if (isObject(v.configMap ?? null)) return { ...v, configMap: { ...(v.configMap as JsonObject), name: named(String((v.configMap as JsonObject).name)) } };
    if (isObject(v.secret ?? null)) return { ...v, secret: { ...(v.secret as JsonObject), secretName: named(String((v.secret as JsonObject).secretName)) } };
    if (!isObject(v.emptyDir ?? null)) return v;
    const dir = path.join(DIR, 'volumes', w.name, String(v.name));
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
    return { name: String(v.name), hostPath: { path: dir, type: 'Directory' } };
  });
  const hostAliases = serviceTargets()
    .filter((t) => started.has(t.workload))
    .map((t) => ({ ip: started.get(t.workload) ?? '', hostnames: [t.service] }));
  if (hostAliases.length) spec.hostAliases = hostAliases;
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: named(w.name), labels: { 'app.kubernetes.io/part-of': 'prd-studio' } },
    spec: { replicas: 1, selector: { matchLabels: (w.template.metadata as JsonObject).labels }, template: { metadata: w.template.metadata, spec } },
  };
  const file = path.join(DIR, `${w.name}.yaml`);
  writeFileSync(file, stringify(deployment));
  await podman(['kube', 'play', '--network', KUBE_RUN, ...configMaps.flatMap((f) => ['--configmap', f]), file]);
  // The first pod brings the network's bridge up: pin its address before later pods change it (see bridge.ts).
  await pinBridge(KUBE_RUN);
}

const configMapData = () =>
  new Map(
    manifests()
      .filter((d) => d.kind === 'ConfigMap')
      .map((d) => [String((d.metadata as JsonObject).name), (d.data ?? {}) as Record<string, string>]),
  );

/**
 * The kubelet expands `$(NAME)` in an env value from the variables defined before it (envFrom, then
 * the env list in order); podman 4.3 passes it on literally, so the expansion is done here.
 */
function expandDependentVariables(container: JsonObject): void {
  const known = new Map<string, string>();
  const maps = configMapData();
  for (const from of (container.envFrom as JsonObject[] | undefined) ?? []) {
    const ref = from.configMapRef as JsonObject | undefined;
    for (const [k, v] of Object.entries(maps.get(String(ref?.name)) ?? {})) known.set(k, String(v));
  }
  for (const entry of (container.env as JsonObject[] | undefined) ?? []) {
    const from = entry.valueFrom as JsonObject | undefined;
    if (typeof entry.value === 'string') {
      entry.value = entry.value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m: string, name?: string) => (name === undefined ? '$' : (known.get(name) ?? m)));
      known.set(String(entry.name), entry.value);
    } else if (isObject(from?.secretKeyRef ?? null)) {
      const ref = from!.secretKeyRef as JsonObject;
      known.set(String(entry.name), secretValues.get(String(ref.name))?.[String(ref.key)] ?? '');
    } else if (isObject(from?.configMapKeyRef ?? null)) {
      const ref = from!.configMapKeyRef as JsonObject;
      known.set(String(entry.name), String(maps.get(String(ref.name))?.[String(ref.key)] ?? ''));
    }
  }
}

/**
 * The gateway's stand-in is Debian's nginx 1.22, which lacks the `resolve` parameter of upstream servers
 * (nginx 1.27.3+, the real image's 1.28 has it): here the live-document hash's servers are resolved once, at
 * start-up, through the pod's host aliases (docs/decisions/0029-live-documents-on-one-replica.md).
 */
function withoutResolve(container: JsonObject): void {
  for (const entry of (container.env as JsonObject[] | undefined) ?? []) {
    if (entry.name === 'CONTENT_COLLAB_SERVERS' && typeof entry.value === 'string') entry.value = entry.value.replace(/ resolve;/g, ';');
  }
}

/** The run's own names for the ConfigMaps and Secrets a container refers to (see prepareKube). */
function renameReferences(container: JsonObject): void {
  for (const from of (container.envFrom as JsonObject[] | undefined) ?? []) {
    for (const key of ['configMapRef', 'secretRef']) {
      const ref = from[key];
      if (isObject(ref ?? null)) (ref as JsonObject).name = named(String((ref as JsonObject).name));
    }
  }
  for (const entry of (container.env as JsonObject[] | undefined) ?? []) {
    const from = entry.valueFrom as JsonObject | undefined;
    for (const key of ['configMapKeyRef', 'secretKeyRef']) {
      const ref = from?.[key];
      if (isObject(ref ?? null)) (ref as JsonObject).name = named(String((ref as JsonObject).name));
    }
  }
}

interface Probe {
  httpGet?: { path?: string; port: number | string };
  exec?: { command: string[] };
  periodSeconds?: number;
  timeoutSeconds?: number;
}

/** Runs each container's readiness probe as the kubelet would until it succeeds; fails after `timeoutMs`. */
export async function waitReady(w: Workload, timeoutMs: number): Promise<void> {
  const ip = await podIp(w);
  for (const c of w.spec.containers as JsonObject[]) {
    const probe = c.readinessProbe as Probe | undefined;
    if (!probe) throw new Error(`${w.name}/${String(c.name)} has no readiness probe`);
    const ports = (c.ports as Array<{ name?: string; containerPort: number }> | undefined) ?? [];
    const container = `${podName(w)}-${String(c.name)}`;
    const once = async (): Promise<boolean> => {
      const timeout = (probe.timeoutSeconds ?? 1) * 1000;
      if (probe.httpGet) {
        const port = typeof probe.httpGet.port === 'number' ? probe.httpGet.port : ports.find((p) => p.name === probe.httpGet!.port)?.containerPort;
        const res = await fetch(`http://${ip}:${port}${probe.httpGet.path ?? '/'}`, { signal: AbortSignal.timeout(timeout) }).catch(() => undefined);
        return res !== undefined && res.status >= 200 && res.status < 400;
      }
      if (probe.exec) return (await exec('podman', ['exec', container, ...probe.exec.command])).code === 0;
      throw new Error(`${w.name}: unsupported readiness probe`);
    };
    const deadline = Date.now() + timeoutMs;
    while (!(await once())) {
      const state = (await exec('podman', ['inspect', '--format', '{{.State.Status}}', container])).stdout.trim();
      if (Date.now() > deadline || state === 'exited') {
        const logs = await exec('podman', ['logs', '--tail', '30', container]);
        throw new Error(`${container} not ready (${state}) after ${((timeoutMs - (deadline - Date.now())) / 1000).toFixed(0)} s:\n${logs.stdout}${logs.stderr}`);
      }
      await sleep((probe.periodSeconds ?? 10) * 1000);
    }
  }
}

/**
 * Removes every pod, ConfigMap volume, network and Secret a kube play run created (by default this
 * process's run), found by the run's name prefix, and the run's directory.
 */
export async function kubeDown(run = KUBE_RUN): Promise<void> {
  const pods = (await exec('podman', ['pod', 'ps', '--quiet', '--filter', `name=^${run}-`])).stdout.split('\n').filter(Boolean);
  for (const pod of pods) await exec('podman', ['pod', 'rm', '--force', '--time', '5', pod]);
  // kube play keeps each ConfigMap volume as a podman volume of the ConfigMap's name.
  const volumes = (await exec('podman', ['volume', 'ls', '--quiet', '--filter', `name=^${run}-`])).stdout.split('\n').filter(Boolean);
  for (const volume of volumes) await exec('podman', ['volume', 'rm', '--force', volume]);
  const secrets = (await exec('podman', ['secret', 'ls', '--format', '{{.Name}}'])).stdout.split('\n').filter((n) => n.startsWith(`${run}-`));
  for (const secret of secrets) await exec('podman', ['secret', 'rm', secret]);
  if ((await exec('podman', ['network', 'exists', run])).code === 0) await exec('podman', ['network', 'rm', '--force', run]);
  rmSync(runDir(run), { recursive: true, force: true });
}

/** Runs of this checkout whose process has ended without bringing their pods down (interrupted). */
export function staleKubeRuns(): string[] {
  if (!existsSync(KUBE_DIR)) return [];
  return readdirSync(KUBE_DIR).filter((d) => {
    const pid = /^prd-kube-(\d+)$/.exec(d)?.[1];
    return pid !== undefined && !isAlive(Number(pid));
  });
}
