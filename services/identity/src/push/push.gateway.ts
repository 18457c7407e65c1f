import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { CONFIG, LOGGER, REDIS, WebSocketService, type BaseConfig } from '@prd/kit';
import { usageEventSchema, type PushMessage } from '@prd/proto';
import { usageChannel } from '../usage/usage-channel.js';

/**
 * `/ws-general` (docs/decisions/0002-shared-redis.md): each identity replica keeps its own users' sockets and listens to the usage
 * channel of each user it holds a socket of, from before the socket opens until the last one closes, so an event published
 * anywhere reaches the user's sockets on whichever replica holds them, and no other replica (the work per event does not grow
 * with the replica count).
 */
@Injectable()
export class PushGateway implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** Per user: the connections held (open or being upgraded) and their channel's subscription. */
  private readonly held = new Map<number, { count: number; subscribed: Promise<unknown> }>();
  private subscriber!: Redis;

  constructor(
    private readonly websockets: WebSocketService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {}

  async onApplicationBootstrap() {
    // A subscribed connection can run no other command, so it gets its own; ioredis resubscribes after a reconnect.
    this.subscriber = this.redis.duplicate({ connectionName: 'identity-push' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel, raw) => this.deliver(raw));
    await this.websockets.serve('/ws-general', (socket, { userId }) => this.add(userId, socket), { hold: (userId) => this.hold(userId) });
  }

  /**
   * Counts a connection of the user and listens to their channel while any is held. Subscribe and unsubscribe go out
   * in order on one connection, so a user who reconnects as their last socket closes stays subscribed.
   */
  private async hold(userId: number): Promise<() => void> {
    const channel = usageChannel(this.config.DATABASE_URL, userId);
    let held = this.held.get(userId);
    if (!held) this.held.set(userId, (held = { count: 0, subscribed: this.subscriber.subscribe(channel) }));
    const entry = held;
    entry.count += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      entry.count -= 1;
      if (entry.count > 0) return;
      this.held.delete(userId);
      this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
    try {
      await entry.subscribed;
    } catch (err) {
      release();
      throw err;
    }
    return release;
  }

  /** Number of sockets open for a user on this replica. */
  connections(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  private add(userId: number, socket: WebSocket) {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  private deliver(raw: string) {
    let event;
    try {
      event = usageEventSchema.parse(JSON.parse(raw));
    } catch {
      this.logger.warn({ raw: raw.slice(0, 200) }, 'ignored a malformed push event');
      return;
    }
    const message: PushMessage = event.notification ? { type: 'notification', notification: event.notification } : { type: 'usage_update', committedAt: event.committedAt };
    const frame = JSON.stringify(message);
    for (const socket of this.sockets.get(event.userId) ?? []) socket.send(frame);
  }

  async onApplicationShutdown() {
    await this.subscriber?.quit().catch(() => undefined);
  }
}
