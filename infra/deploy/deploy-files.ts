// Readers for the deployment files (docker/, docker-compose.yml, k8s/) that the static deployment
// tests check: no Docker engine or cluster runs here, so the files are parsed and cross-checked.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { fromRoot } from '../lib/paths.ts';
import { SERVICES, type ServiceSpec } from '../lib/services.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every document of a YAML file as plain data; a syntax error names the file. */
export function readYaml(file: string): Json[] {
  const docs = parseAllDocuments(readFileSync(fromRoot(file), 'utf8'), { merge: true, prettyErrors: true });
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
  }
  return list.map((doc) => doc.toJS({ maxAliasCount: 100 }) as Json).filter((doc) => doc !== null);
}

export const obj = (value: Json | undefined, what: string): JsonObject => {
  if (!isObject(value)) throw new Error(`${what} is not a mapping`);
  return value;
};
export const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
export const str = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

// --- The processes of the product ---------------------------------------------------------------

/** The configuration schema each process validates at start-up, read at test time. */
const SCHEMAS: Record<ServiceSpec['name'], () => Promise<z.ZodObject>> = {
  identity: async () => (await import('@prd/identity/config')).configSchema,
  content: async () => (await import('@prd/content/config')).configSchema,
  chat: async () => (await import('@prd/chat/config')).configSchema,
  export: async () => (await import('@prd/export/config')).configSchema,
  'chat-worker': async () => (await import('@prd/chat/worker.config')).workerConfigSchema,
};

export const configSchemaOf = (name: ServiceSpec['name']): Promise<z.ZodObject> => SCHEMAS[name]();

/** Variables a schema needs from the environment: those with no default that are not optional. */
export function requiredVariables(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}

export { SERVICES };
export type { ServiceSpec };

// --- Environment as a process would receive it ----------------------------------------------------

/**
 * A stand-in for a value only known at deploy time (a secret): 64 hex digits, long enough for every
 * secret and a valid 32-byte key. Variables whose whole value is a deploy-time secret are listed in
 * `fromSecrets`, since their real format cannot be checked from the files.
 */
export const SECRET_STAND_IN = '0123456789abcdef'.repeat(4);

export interface ProcessEnv {
  values: Record<string, string>;
  fromSecrets: Set<string>;
}

/** Issues a schema reports for an environment, leaving out variables whose value is a deploy-time secret. */
export function configProblems(schema: z.ZodObject, env: ProcessEnv): string[] {
  const result = schema.safeParse(env.values);
  if (result.success) return [];
  return result.error.issues.filter((issue) => !env.fromSecrets.has(String(issue.path[0]))).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

// --- docker-compose.yml ------------------------------------------------------------------------

export const COMPOSE_FILE = 'docker-compose.yml';

export function readCompose(): JsonObject {
  const [doc] = readYaml(COMPOSE_FILE);
  return obj(doc, COMPOSE_FILE);
}

export function composeServices(compose: JsonObject): Record<string, JsonObject> {
  const services = obj(compose.services, 'services');
  return Object.fromEntries(Object.entries(services).map(([name, s]) => [name, obj(s, `service ${name}`)]));
}

/** `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?message}`, `${VAR?message}` (Compose interpolation). */
const COMPOSE_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g;

/** A value that is nothing but a required variable: a secret supplied at deploy time. */
const WHOLE_REQUIRED_REF = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?[^}]*\}$/;

export interface ComposeRef {
  name: string;
  required: boolean;
  fallback?: string;
}

export function composeRefs(text: string): ComposeRef[] {
  return [...text.matchAll(COMPOSE_REF)].map((m) => (m[3] === '?' ? { name: m[1]!, required: true } : { name: m[1]!, required: false, fallback: m[3] === '-' ? m[4] : undefined }));
}

/** The value Compose would pass, with deploy-time secrets (`${VAR:?...}`) replaced by a stand-in. */
export function interpolateCompose(text: string): string {
  return text.replace(COMPOSE_REF, (_, _name: string, _colon: string, kind: string | undefined, rest: string) => (kind === '?' ? SECRET_STAND_IN : kind === '-' ? rest : ''));
}

export function composeEnv(service: JsonObject): ProcessEnv {
  const raw = service.environment;
  const entries: Array<[string, string]> = Array.isArray(raw)
    ? raw.map((line) => {
        const text = String(line);
        const at = text.indexOf('=');
        return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
      })
    : Object.entries(isObject(raw) ? raw : {}).map(([k, v]) => [k, v === null ? '' : String(v)]);
  const values: Record<string, string> = {};
  const fromSecrets = new Set<string>();
  for (const [name, text] of entries) {
    values[name] = interpolateCompose(text);
    if (WHOLE_REQUIRED_REF.test(text.trim())) fromSecrets.add(name);
  }
  return { values, fromSecrets };
}

// --- k8s/ ----------------------------------------------------------------------------------------

/** The base (what `podman kube play` starts in the container phase) and the production overlay on it. */
export const K8S_BASE = 'k8s/base';
export const K8S_PRODUCTION = 'k8s/overlays/production';
export const KUSTOMIZATIONS = [K8S_BASE, K8S_PRODUCTION] as const;
export const kustomizationOf = (dir: string): string => path.join(dir, 'kustomization.yaml');
/** The documented shape of the Secrets the operator creates; not applied by kustomize. */
export const secretExampleOf = (dir: string): string => path.join(dir, 'secret.example.yaml');

export interface K8sObject extends JsonObject {
  apiVersion: string;
  kind: string;
  metadata: JsonObject;
}

export interface LoadedObject {
  file: string;
  object: K8sObject;
}

export function readKustomization(dir: string): JsonObject {
  const file = kustomizationOf(dir);
  const [doc] = readYaml(file);
  return obj(doc, file);
}

/** The files a kustomization names, as resources or patches (a directory resource, another kustomization, aside). */
export function kustomizeFiles(dir: string): string[] {
  const kustomization = readKustomization(dir);
  const patches = list(kustomization.patches)
    .map((p) => obj(p, 'patch').path)
    .filter((p) => typeof p === 'string');
  return [...list(kustomization.resources), ...patches].map((r) => path.join(dir, String(r))).filter((f) => /\.ya?ml$/.test(f));
}

function toObjects(docs: Json[], file: string): LoadedObject[] {
  return docs.map((doc, i) => {
    const object = obj(doc, `${file} document ${i + 1}`);
    if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string' || !isObject(object.metadata)) {
      throw new Error(`${file} document ${i + 1} has no apiVersion, kind or metadata`);
    }
    return { file, object: object as K8sObject };
  });
}

export const readObjects = (file: string): LoadedObject[] => toObjects(readYaml(file), file);

/** Every object `kubectl apply -k <dir>` would create, as `kubectl kustomize` renders them (Debian's kubernetes-client). */
export function renderKustomize(dir: string): LoadedObject[] {
  const rendered = execFileSync('kubectl', ['kustomize', fromRoot(dir)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const docs = parseAllDocuments(rendered).map((doc) => doc.toJS() as Json);
  return toObjects(
    docs.filter((doc) => doc !== null),
    dir,
  );
}

/** The Secrets a kustomization expects to exist: its own example's and its bases'. */
export const secretExamplesOf = (dir: string): K8sObject[] =>
  [K8S_BASE, ...(dir === K8S_BASE ? [] : [dir])].filter((d) => existsSync(fromRoot(secretExampleOf(d)))).flatMap((d) => readObjects(secretExampleOf(d)).map((o) => o.object));

export const nameOf = (o: K8sObject): string => String(o.metadata.name);
export const ofKind = (objects: LoadedObject[], kind: string): K8sObject[] => objects.filter((o) => o.object.kind === kind).map((o) => o.object);

export function find(objects: LoadedObject[], kind: string, name: string): K8sObject | undefined {
  return ofKind(objects, kind).find((o) => nameOf(o) === name);
}

export const podSpec = (workload: K8sObject): JsonObject => obj(obj(obj(workload.spec, 'spec').template, 'template').spec, 'template.spec');
export const podLabels = (workload: K8sObject): JsonObject =>
  obj(obj(obj(obj(workload.spec, 'spec').template, 'template').metadata, 'template.metadata').labels, 'template labels');
export const containers = (workload: K8sObject): JsonObject[] => list(podSpec(workload).containers).map((c) => obj(c, 'container'));

/** Keys of a Secret: from the objects applied, else from the documented example. */
function secretKeys(objects: LoadedObject[], secrets: K8sObject[], name: string): string[] {
  const secret = find(objects, 'Secret', name) ?? secrets.find((s) => nameOf(s) === name);
  if (!secret) throw new Error(`Secret ${name} is neither applied nor described in a secret.example.yaml`);
  return [...Object.keys(isObject(secret.stringData) ? secret.stringData : {}), ...Object.keys(isObject(secret.data) ? secret.data : {})];
}

function configMapData(objects: LoadedObject[], name: string): JsonObject {
  const map = find(objects, 'ConfigMap', name);
  if (!map) throw new Error(`ConfigMap ${name} is not among the applied objects`);
  return isObject(map.data) ? map.data : {};
}

/** `$(VAR)` references, expanded from the variables defined before (Kubernetes semantics). */
const expand = (text: string, values: Record<string, string>) => text.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string) => values[name] ?? whole);

/** The environment a container starts with: envFrom, then env in order with `$(VAR)` expansion. */
export function containerEnv(container: JsonObject, objects: LoadedObject[], secrets: K8sObject[]): ProcessEnv {
  const values: Record<string, string> = {};
  const fromSecrets = new Set<string>();
  for (const source of list(container.envFrom).map((s) => obj(s, 'envFrom'))) {
    const prefix = str(source.prefix) ?? '';
    if (isObject(source.configMapRef)) {
      for (const [k, v] of Object.entries(configMapData(objects, String(source.configMapRef.name)))) values[prefix + k] = String(v);
    }
    if (isObject(source.secretRef)) {
      for (const k of secretKeys(objects, secrets, String(source.secretRef.name))) {
        values[prefix + k] = SECRET_STAND_IN;
        fromSecrets.add(prefix + k);
      }
    }
  }
  for (const entry of list(container.env).map((e) => obj(e, 'env'))) {
    const name = String(entry.name);
    fromSecrets.delete(name);
    if (typeof entry.value === 'string') {
      values[name] = expand(entry.value, values);
      continue;
    }
    const from = obj(entry.valueFrom, `env ${name}.valueFrom`);
    if (isObject(from.configMapKeyRef)) {
      const key = String(from.configMapKeyRef.key);
      const data = configMapData(objects, String(from.configMapKeyRef.name));
      if (!(key in data)) throw new Error(`env ${name}: ConfigMap ${String(from.configMapKeyRef.name)} has no key ${key}`);
      values[name] = String(data[key]);
    } else if (isObject(from.secretKeyRef)) {
      const secret = String(from.secretKeyRef.name);
      const key = String(from.secretKeyRef.key);
      if (!secretKeys(objects, secrets, secret).includes(key)) throw new Error(`env ${name}: Secret ${secret} has no key ${key}`);
      values[name] = SECRET_STAND_IN;
      fromSecrets.add(name);
    } else {
      throw new Error(`env ${name}: unsupported valueFrom ${JSON.stringify(from)}`);
    }
  }
  return { values, fromSecrets };
}

/** The port number a probe or Service targets: a number, or the name of one of the container's ports. */
export function resolvePort(container: JsonObject, port: Json | undefined): number | undefined {
  if (typeof port === 'number') return port;
  const named = list(container.ports)
    .map((p) => obj(p, 'port'))
    .find((p) => p.name === port);
  return typeof named?.containerPort === 'number' ? named.containerPort : undefined;
}

// --- Dockerfiles -------------------------------------------------------------------------------

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Stages of a Dockerfile: comments dropped, continuation lines joined. */
export function parseDockerfile(file: string): Stage[] {
  const text = readFileSync(fromRoot(file), 'utf8');
  const logical: string[] = [];
  let pending = '';
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    if (line.trimEnd().endsWith('\\')) {
      pending += line.trimEnd().slice(0, -1) + ' ';
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole) logical.push(whole);
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const at = line.search(/\s/);
    const op = line.slice(0, at).toUpperCase();
    const args = line.slice(at).trim();
    if (op === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!m) throw new Error(`${file}: bad FROM ${args}`);
      stages.push({ from: m[1]!, name: m[2], instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${file}: ${op} before FROM`);
      stage.instructions.push({ op, args });
    }
  }
  return stages;
}

export const instructions = (stage: Stage, op: string): string[] => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

/** The exec-form (JSON array) CMD of a stage. */
export function execCommand(stage: Stage): string[] | undefined {
  const cmd = instructions(stage, 'CMD').at(-1);
  if (cmd === undefined) return undefined;
  const parsed = JSON.parse(cmd) as unknown;
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) throw new Error(`CMD is not an exec-form array: ${cmd}`);
  return parsed;
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

export function copies(stage: Stage): Copy[] {
  return instructions(stage, 'COPY').map((args) => {
    const words = args.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((w) => !w.startsWith('--'));
    return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
  });
}

/** `ENV A=1 B=2` and `ENV A 1` forms; `\$` is a literal `$`, as Docker reads it. */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const args of instructions(stage, 'ENV')) {
    if (!args.includes('=')) {
      const [name, ...rest] = args.split(/\s+/);
      env[name!] = rest.join(' ');
      continue;
    }
    for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)) env[m[1]!] = (m[3] ?? m[2]!).replaceAll('\\$', '$');
  }
  return env;
}

/** The workspace folders a package depends on, transitively (`@prd/*` dependencies). */
export function workspaceDependencies(dir: string): string[] {
  const root = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { workspaces: string[] };
  const byName = new Map<string, string>();
  for (const ws of root.workspaces) {
    const file = fromRoot(ws, 'package.json');
    if (existsSync(file)) byName.set((JSON.parse(readFileSync(file, 'utf8')) as { name: string }).name, ws);
  }
  const found = new Set<string>();
  const visit = (folder: string) => {
    const pkg = JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies ?? {})) {
      const ws = byName.get(dep);
      if (ws && !found.has(ws)) {
        found.add(ws);
        visit(ws);
      }
    }
  };
  visit(dir);
  return [...found];
}

/** The Dockerfile that Compose builds an image from (the image name Compose tags and Kubernetes runs). */
export function dockerfileOfImage(compose: JsonObject, image: string): string {
  const builder = Object.values(composeServices(compose)).find((s) => s.image === image && isObject(s.build));
  if (!builder || !isObject(builder.build)) throw new Error(`no Compose service builds the image ${image}`);
  return path.join(str(builder.build.context) ?? '.', String(builder.build.dockerfile));
}

/** The command a container of an image runs: its own command, else the image's CMD. */
export function effectiveCommand(compose: JsonObject, image: string, command: Json | undefined): string[] {
  if (Array.isArray(command)) return command.map(String);
  const runtime = parseDockerfile(dockerfileOfImage(compose, image)).at(-1)!;
  return execCommand(runtime) ?? [];
}

// --- The gateway template --------------------------------------------------------------------------

export const GATEWAY_TEMPLATE = 'gateway/nginx/gateway.conf.template';
export const readGatewayTemplate = (): string => readFileSync(fromRoot(GATEWAY_TEMPLATE), 'utf8');

/** Every `${NAME}` the template needs from the environment. */
export const templateVariables = (): string[] => [...new Set([...readGatewayTemplate().matchAll(/\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => m[1]!))];

/** `upstream identity { ${IDENTITY_SERVERS} ... }`: the variable that fills each upstream, by upstream name. */
export function upstreamVariables(): Record<string, string> {
  return Object.fromEntries([...readGatewayTemplate().matchAll(/upstream\s+([\w-]+)\s*\{\s*\$\{([A-Z_][A-Z0-9_]*)\}/g)].map((m) => [m[1]!, m[2]!]));
}

/** The service an upstream reaches: `content_collab` (content's replicas for the live-document hash) is content. */
export const serviceOfUpstream = (upstream: string): string => upstream.split('_')[0]!;

/** `server host:port [params];` entries of an upstream variable. */
export function upstreamServers(value: string): Array<{ host: string; port: number }> {
  return [...value.matchAll(/server\s+([^\s:;]+):(\d+)[^;]*;/g)].map((m) => ({ host: m[1]!, port: Number(m[2]) }));
}

/** Host and port of a URL, with the scheme's default port. */
export function urlTarget(value: string): { host: string; port: number } | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return undefined;
  const url = new URL(value);
  const defaults: Record<string, number> = { 'http:': 80, 'https:': 443, 'redis:': 6379, 'rediss:': 6379, 'postgres:': 5432, 'postgresql:': 5432 };
  return { host: url.hostname, port: url.port ? Number(url.port) : (defaults[url.protocol] ?? 0) };
}
