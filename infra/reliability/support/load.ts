import type { TestStack } from './stack.ts';
import { Visitor, type Answer } from './visitor.ts';

/** One request the load sent and how it ended (status 0: no answer at all). */
export interface Outcome {
  step: string;
  status: number;
  /** The status this step answers when all is well. */
  expected: number;
  ms: number;
  at: number;
  body: string;
}

/** What a document should hold: the last content answered 2xx, or one of the writes whose fate is unknown. */
interface TrackedDocument {
  id: number;
  acked: string;
  unknown: string[];
}

export interface LoadOptions {
  clients: number;
  seconds: number;
  /** Extra steps mixed into each client's loop (chat, sockets), with their weight. */
  extraSteps?: Array<{ weight: number; expected: number; run: (client: LoadClient) => Promise<Answer | undefined> }>;
}

/** One simulated user: a registered account browsing and writing its own documents. */
export class LoadClient {
  readonly docs: TrackedDocument[] = [];
  /** Creates whose answer was lost: they may or may not be in the database. */
  unknownCreates = 0;
  counter = 0;

  readonly visitor: Visitor;
  readonly index: number;

  constructor(visitor: Visitor, index: number) {
    this.visitor = visitor;
    this.index = index;
  }
}

export class LoadRun {
  readonly outcomes: Outcome[] = [];
  readonly clients: LoadClient[] = [];
  private started = 0;

  readonly stack: TestStack;
  readonly options: LoadOptions;

  constructor(stack: TestStack, options: LoadOptions) {
    this.stack = stack;
    this.options = options;
  }

  /** Registers the clients (straight at identity, past nginx's sign-up rate limit) and gives each a first document. */
  async prepare(): Promise<void> {
    const identity = `http://127.0.0.1:${this.stack.replicas('identity')[0]!.port}`;
    for (let i = 0; i < this.options.clients; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, this.options.clients - i) }, async (_, j) => {
          const client = new LoadClient(await new Visitor(this.stack.url).register(`load${i + j}x`, identity), i + j);
          const res = await client.visitor.post('/api/documents', { title: `Doc 0 of ${i + j}`, content: 'v0' });
          if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${res.text}`);
          client.docs.push({ id: (res.json as { id: number }).id, acked: 'v0', unknown: [] });
          return client;
        }),
      );
      this.clients.push(...batch);
    }
  }

  private async send(step: string, expected: number, request: () => Promise<Answer | undefined>): Promise<Answer | undefined> {
    const at = Date.now() - this.started;
    const began = performance.now();
    try {
      const answer = await request();
      if (answer) this.outcomes.push({ step, status: answer.status, expected, ms: answer.ms, at, body: answer.status === expected ? '' : answer.text.slice(0, 200) });
      return answer;
    } catch (err) {
      this.outcomes.push({ step, status: 0, expected, ms: performance.now() - began, at, body: (err as Error).message });
      return undefined;
    }
  }

  private async step(client: LoadClient): Promise<void> {
    const v = client.visitor;
    const roll = Math.random() * 100;
    const doc = client.docs[Math.floor(Math.random() * client.docs.length)]!;
    const extra = this.options.extraSteps ?? [];
    const extraWeight = extra.reduce((n, e) => n + e.weight, 0);
    if (roll < extraWeight) {
      let r = roll;
      for (const e of extra) {
        if (r < e.weight) {
          await this.send('extra', e.expected, () => e.run(client));
          return;
        }
        r -= e.weight;
      }
    }
    const r = (roll - extraWeight) / (100 - extraWeight);
    if (r < 0.4) await this.send('list', 200, () => v.get('/api/documents'));
    else if (r < 0.55) await this.send('read', 200, () => v.get(`/api/documents/${doc.id}`));
    else if (r < 0.65) await this.send('templates', 200, () => v.get('/api/templates'));
    else if (r < 0.75) {
      const res = await this.send('create', 201, () => v.post('/api/documents', { title: `Doc ${client.docs.length} of ${client.index}`, content: 'v0' }));
      if (res?.status === 201) client.docs.push({ id: (res.json as { id: number }).id, acked: 'v0', unknown: [] });
      else client.unknownCreates++;
    } else {
      const content = `v${++client.counter}-${client.index}`;
      const res = await this.send('edit', 200, () => v.patch(`/api/documents/${doc.id}`, { content }));
      if (res?.status === 200) {
        doc.acked = content;
        doc.unknown = [];
      } else doc.unknown.push(content);
    }
  }

  /** Every client loops over the mixed scenario until the time is up; `during` runs alongside (the fault). */
  async run(during?: () => Promise<void>): Promise<void> {
    this.started = Date.now();
    const deadline = this.started + this.options.seconds * 1000;
    const loops = this.clients.map(async (client) => {
      while (Date.now() < deadline) await this.step(client);
    });
    await Promise.all([...loops, during?.()]);
  }

  /** Requests answered 5xx or not at all (the outage suites allow some while a dependency is down). */
  failed(filter: (o: Outcome) => boolean = () => true): Outcome[] {
    return this.outcomes.filter((o) => filter(o) && (o.status === 0 || o.status >= 500));
  }

  /** Requests answered anything but their step's expected status: a 4xx counts as much as a 5xx or no answer. */
  unexpected(filter: (o: Outcome) => boolean = () => true): Outcome[] {
    return this.outcomes.filter((o) => filter(o) && o.status !== o.expected);
  }

  /** How many requests got each status, per step (status 0: no answer). */
  histogram(): Record<string, Record<string, number>> {
    const byStep: Record<string, Record<string, number>> = {};
    for (const o of this.outcomes) {
      const step = (byStep[o.step] ??= {});
      step[o.status] = (step[o.status] ?? 0) + 1;
    }
    return byStep;
  }

  summary(): string {
    const seconds = this.options.seconds;
    const unexpected = this.unexpected().length;
    return `${this.outcomes.length} requests in ${seconds} s (${(this.outcomes.length / seconds).toFixed(0)}/s) by ${this.clients.length} clients; ${unexpected} unexpected; statuses per step ${JSON.stringify(this.histogram())}`;
  }

  /**
   * Lost writes: documents answered 2xx that the database does not hold as answered. A document whose
   * last edit got no answer may hold that edit or the one before; a create without an answer may exist.
   */
  async lostWrites(): Promise<string[]> {
    const owners = this.clients.map((c) => c.visitor.id!);
    const rows = await this.stack.query<{ id: number; owner_id: number; content: string }>('prd_content', 'SELECT id, owner_id, content FROM documents WHERE owner_id = ANY($1)', [
      owners,
    ]);
    const stored = new Map(rows.map((r) => [r.id, r]));
    const problems: string[] = [];
    for (const client of this.clients) {
      for (const doc of client.docs) {
        const row = stored.get(doc.id);
        if (!row) problems.push(`document ${doc.id} (answered 201) is missing`);
        else if (row.content !== doc.acked && !doc.unknown.includes(row.content)) problems.push(`document ${doc.id} holds "${row.content}", answered "${doc.acked}"`);
      }
      const extra = rows.filter((r) => r.owner_id === client.visitor.id).length - client.docs.length;
      if (extra > client.unknownCreates) problems.push(`client ${client.index} has ${extra} documents nobody was told about (${client.unknownCreates} creates unanswered)`);
    }
    return problems;
  }
}
