import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { kubeDown, play, podIp, prepareKube, waitReady, workloads } from './kube.ts';

/**
 * Every Deployment of k8s/base/ (and the PostgreSQL and Redis StatefulSets they need) started with
 * `podman kube play`, with the ConfigMaps and a test Secret, and ready by its own readiness probe.
 */
describe('k8s/base/ pods under podman kube play', () => {
  let configMaps: string[] = [];
  const started = new Map<string, string>();

  beforeAll(async () => {
    configMaps = await prepareKube();
  });

  afterAll(async () => {
    await kubeDown();
  });

  it('plays every Deployment', () => {
    expect(workloads().map((w) => w.name)).toEqual(expect.arrayContaining(['identity', 'content', 'chat', 'chat-worker', 'export', 'gateway']));
  });

  // In start order: each workload's Services point at the pods started before it.
  it.each(workloads().map((w) => [w.name, w] as const))('%s becomes ready by its readiness probe', async (_name, w) => {
    await play(w, configMaps, started);
    await waitReady(w, 170_000);
    started.set(w.name, await podIp(w));
  });
});
