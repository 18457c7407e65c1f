import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { browserRequest as request, startTestService, testRedisUrl, type TestService } from '@prd/kit/testing';
import { Queue, QueueEvents } from 'bullmq';
import { WORKER_SERVICE, WorkerModule } from '../src/worker/worker.module.js';
import { workerConfigSchema } from '../src/worker/worker.config.js';
import { AI_QUEUE } from '../src/worker/ai-queue.js';

describe('the ai-worker process', () => {
  let svc: TestService<unknown>;
  beforeAll(async () => {
    svc = await startTestService({
      service: WORKER_SERVICE,
      configSchema: workerConfigSchema,
      module: (c, l) => WorkerModule.register(c, l),
      env: { IDENTITY_URL: 'http://127.0.0.1:9', CONTENT_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => svc.close());

  it('serves its readiness probe', async () => {
    const res = await request(svc.url).get('/readyz').expect(200);
    expect(res.body).toMatchObject({ service: 'chat-worker', status: 'ok' });
  });

  it('fails a job it has no handler for without retrying it', async () => {
    const connection = { url: testRedisUrl() };
    const queue = new Queue(AI_QUEUE, { connection });
    const events = new QueueEvents(AI_QUEUE, { connection });
    try {
      await events.waitUntilReady();
      const job = await queue.add('no-such-job', {}, { attempts: 3 });
      await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow("no handler for AI job 'no-such-job'");
      expect((await queue.getJob(job.id!))?.attemptsMade).toBe(1);
    } finally {
      await Promise.all([queue.close(), events.close()]);
    }
  });
});
