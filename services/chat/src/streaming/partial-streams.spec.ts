import { PartialStreams } from './partial-streams.js';

describe('PartialStreams', () => {
  it('passes partials that arrive after the job result on before the reply is released', async () => {
    const streams = new PartialStreams();
    const seen: string[] = [];
    const stream = streams.start('job-1', (content) => seen.push(content));
    // The result is in; the pub/sub partials are still on their way.
    const released = stream.ended(5_000).then(() => seen.push('final'));
    streams.deliver({ jobId: 'job-1', content: 'First' });
    streams.deliver({ jobId: 'job-1', content: 'First word' });
    streams.deliver({ jobId: 'job-1', end: true });
    await released;
    expect(seen).toEqual(['First', 'First word', 'final']);
  });

  it('releases the reply after the wait when the end marker never comes', async () => {
    const streams = new PartialStreams();
    const stream = streams.start('job-2', () => undefined);
    const started = Date.now();
    await stream.ended(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('drops partials of a closed stream and of jobs it does not know', async () => {
    const streams = new PartialStreams();
    const seen: string[] = [];
    const stream = streams.start('job-3', (content) => seen.push(content));
    streams.deliver({ jobId: 'other-job', content: 'not mine' });
    stream.close();
    streams.deliver({ jobId: 'job-3', content: 'too late' });
    await stream.ended(10_000);
    expect(seen).toEqual([]);
  });
});
