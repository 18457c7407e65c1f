import { Inject, Injectable, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyWebsocket from '@fastify/websocket';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import {
  Hocuspocus,
  type afterLoadDocumentPayload,
  type beforeHandleAwarenessPayload,
  type beforeSyncPayload,
  type Connection,
  type connectedPayload,
  type LocalTransactionOrigin,
  OutgoingMessage,
  type onChangePayload,
  type onAuthenticatePayload,
  type onLoadDocumentPayload,
  type onStoreDocumentPayload,
} from '@hocuspocus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import { messageYjsSyncStep2, messageYjsUpdate } from 'y-protocols/sync';
import * as Y from 'yjs';
import { CONFIG, createRedis, deploymentChannel, isSameOrigin, LOGGER, REDIS, SESSION_ENDED_CHANNEL, SessionService, sessionTag, type SessionEndedEvent } from '@prd/kit';
import {
  ACCESS_REVOKED_CHANNEL,
  accessRevokedEventSchema,
  COLLAB_CLOSE,
  COLLAB_FRAME_MAX_BYTES,
  COLLAB_PATH,
  COLLAB_REFUSED,
  collabDocumentName,
  ErrorCode,
  presenceUser,
  roleAllows,
  type AccessRevokedEvent,
  type CollabPresenceUser,
  type Role,
} from '@prd/proto';
import type { Config } from '../config.js';
import { PeopleService } from '../people/people.service.js';
import { CollabStore } from './collab-store.js';
import { oversizedPresence, refusedUpdate } from './live-limits.js';
import { claimPresence } from './live-presence.js';

/**
 * What Hocuspocus keeps beside each connection: the session it was opened with and, once authenticated,
 * who its user is in presence. Direct (server) connections have none.
 */
export interface CollabContext {
  userId?: number;
  sessionId?: string;
  presence?: CollabPresenceUser;
}

/** The session a socket was opened with, as the upgrade found it. */
interface SocketSession {
  userId: number;
  sessionId: string;
  tag: string;
}

/** Changes merged from storage are already stored: they must not schedule another store. */
const MERGE_ORIGIN: LocalTransactionOrigin = { source: 'local', skipStoreHooks: true };

/**
 * How the Redis extension frames what it publishes: the sender's identifier (its length, then its bytes), then a Hocuspocus
 * message. Outside edits published by `deliver` are sent as this sender, which is no replica's own.
 */
const OUTSIDE_EDIT_SENDER = ((id: Buffer) => Buffer.concat([Buffer.from([id.length]), id]))(Buffer.from('outside-edit'));

/** Document ids are PostgreSQL integers: anything else names no document. */
const DOCUMENT_NAME = /^[1-9]\d{0,9}$/;
const documentIdOf = (name: string): number | null => (DOCUMENT_NAME.test(name) && Number(name) <= 2 ** 31 - 1 ? Number(name) : null);

/** A refused authentication; an error without a message, so Hocuspocus does not log it as a failure. */
class Refusal extends Error {
  constructor(readonly reason: string) {
    super();
  }
}

/** How long a shutdown waits for the open documents to be stored and unloaded before it gives up on them. */
const SHUTDOWN_STORE_MS = 10_000;

/**
 * Hosts the live co-editing endpoint (docs/decisions/0022-co-editing-with-hocuspocus.md): Hocuspocus at `/ws-collab`, its Redis extension
 * keeping the replicas' copies of a document in step. The upgrade is a Fastify WebSocket route (the
 * HTTP server's one owner of `upgrade`), refused without the same origin or a session user; each
 * document is then authorised through the access helper (read-only below the editor role), and
 * every replica closes the sockets whose session ended or whose grant changed (Redis pub/sub).
 */
@Injectable()
export class CollabServer implements OnModuleInit, BeforeApplicationShutdown {
  readonly hocuspocus: Hocuspocus<CollabContext>;
  private readonly sockets = new Map<WebSocket, SocketSession>();
  private readonly upgrades = new WeakMap<FastifyRequest, SocketSession>();
  /** Per open document, who typed since its last store: the authors of its next revision (docs/decisions/0018-revisions.md). */
  private readonly typists = new Map<string, Set<number>>();
  /** A document's state as loaded, until its catch-up compares it with what is stored then. */
  private readonly loadedStates = new WeakMap<Y.Doc, Uint8Array>();
  private readonly prefix: string;
  private readonly channels: { revoked: string; deleted: string };
  private subscriber?: Redis;
  private recheck?: NodeJS.Timeout;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionService,
    private readonly store: CollabStore,
    private readonly people: PeopleService,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.prefix = deploymentChannel('collab', config);
    this.channels = { revoked: deploymentChannel(ACCESS_REVOKED_CHANNEL, config), deleted: deploymentChannel('collab-document-deleted', config) };
    this.hocuspocus = new Hocuspocus<CollabContext>({
      name: 'content',
      quiet: true,
      // Stores follow typing by 2 s, and come at least every 10 s while someone keeps typing.
      debounce: 2_000,
      maxDebounce: 10_000,
      extensions: [new RedisExtension({ prefix: this.prefix, createClient: () => createRedis(config.REDIS_URL, logger, 'content-collab') })],
      onAuthenticate: (data) => this.authenticate(data),
      connected: (data) => this.confirm(data),
      beforeSync: (data) => this.limit(data),
      beforeHandleAwareness: async (data) => this.presence(data),
      onLoadDocument: (data) => this.load(data),
      afterLoadDocument: (data) => this.catchUp(data),
      onChange: (data) => this.typed(data),
      onStoreDocument: (data) => this.storeDocument(data),
    });
  }

  async onModuleInit(): Promise<void> {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Queued, not awaited: loading plugins now would build Nest's routes before Nest installs its error handler.
    void fastify.register(fastifyWebsocket, { options: { maxPayload: COLLAB_FRAME_MAX_BYTES } });
    void fastify.register(async (scope) => {
      scope.get(COLLAB_PATH, { websocket: true, preHandler: (request, reply) => this.admit(request, reply) }, (socket, request) => this.accept(socket, request));
    });

    this.subscriber = this.redis.duplicate({ connectionName: 'content-collab-events' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel, raw) => this.onEvent(channel, raw));
    await this.subscriber.subscribe(SESSION_ENDED_CHANNEL, this.channels.revoked, this.channels.deleted);
    this.recheck = setInterval(() => void this.recheckSessions(), this.config.WS_SESSION_RECHECK_MS);
    this.recheck.unref();
  }

  /**
   * Brings an update made outside the editor (an AI edit, a PATCH, a restore, an accepted suggestion) into the live document,
   * on whichever replicas have it open, so open editors show it at once. A copy open here takes it directly (its Redis extension
   * carries it on); otherwise it is published on the document's Redis channel as the extension's own update message, which every
   * replica that has the document open applies: this replica does not load the document to pass it on
   * (docs/decisions/0045-accept-lands-fast.md). Never throws: a copy that missed it merges the stored state at its next store.
   */
  async deliver(documentId: number, update: Uint8Array): Promise<void> {
    const name = collabDocumentName(documentId);
    try {
      if (!this.hocuspocus.documents.has(name)) {
        const message = new OutgoingMessage(name).createSyncMessage().writeUpdate(update).toUint8Array();
        await this.redis.publish(`${this.prefix}:${name}`, Buffer.concat([OUTSIDE_EDIT_SENDER, message]));
        return;
      }
      const connection = await this.hocuspocus.openDirectConnection(name, {});
      await connection.transact((doc) => Y.applyUpdate(doc, update));
      await connection.disconnect({ unloadImmediately: false });
    } catch (err) {
      this.logger.warn({ err, documentId }, 'could not bring a stored change into the live document');
    }
  }

  /**
   * A Hocuspocus stateless message to every connection of the document on every replica: its Redis extension relays it to the
   * replicas that have it open (docs/decisions/0041-suggestions.md). Never throws: a lost notice only delays a refetch.
   */
  async broadcast(documentId: number, payload: string): Promise<void> {
    const name = collabDocumentName(documentId);
    try {
      const open = this.hocuspocus.documents.get(name);
      if (open) return open.broadcastStateless(payload);
      if (!(await this.openElsewhere(name))) return;
      const connection = await this.hocuspocus.openDirectConnection(name, {});
      connection.document?.broadcastStateless(payload);
      await connection.disconnect({ unloadImmediately: false });
    } catch (err) {
      this.logger.warn({ err, documentId }, 'could not announce a change to the live document');
    }
  }

  /** A deleted document's editors are told on every replica. */
  async deleted(documentId: number): Promise<void> {
    try {
      await this.redis.publish(this.channels.deleted, String(documentId));
    } catch (err) {
      this.logger.warn({ err, documentId }, 'could not announce a deleted live document');
    }
  }

  /** Whether another replica has the document open: its Redis extension is subscribed to the document's channel. */
  private async openElsewhere(name: string): Promise<boolean> {
    const [, count] = (await this.redis.pubsub('NUMSUB', `${this.prefix}:${name}`)) as [string, number];
    return Number(count) > 0;
  }

  /** Before the upgrade: the same origin (docs/decisions/0009-security.md) and a session that holds a user, or an HTTP refusal. */
  private async admit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    if (!isSameOrigin(request.headers, this.config.ALLOWED_ORIGINS)) {
      return reply.code(403).send({ code: ErrorCode.FORBIDDEN, message: 'Cross-site WebSocket refused' });
    }
    const session = await this.sessions.fromCookieHeader(request.headers.cookie);
    const userId = session?.userId;
    if (!session || userId === undefined) return reply.code(401).send({ code: ErrorCode.UNAUTHORIZED, message: 'Sign in or start as a guest first' });
    this.upgrades.set(request, { userId, sessionId: session.id, tag: sessionTag(session.id) });
    return undefined;
  }

  /** Hands the upgraded socket to Hocuspocus, which gets a web Request of the upgrade and every message and close. */
  private accept(socket: WebSocket, request: FastifyRequest): void {
    const session = this.upgrades.get(request);
    if (!session) return socket.close(COLLAB_CLOSE.SESSION_ENDED, 'session ended');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    }
    const client = this.hocuspocus.handleConnection(socket, new Request(new URL(request.url, 'http://content'), { headers }), {
      userId: session.userId,
      sessionId: session.sessionId,
    });
    this.sockets.set(socket, session);
    socket.on('message', (data: RawData) => {
      const frame = toBytes(data);
      // Refused before Hocuspocus decodes it: presence is a few hundred bytes.
      if (oversizedPresence(frame)) return socket.close(COLLAB_CLOSE.MESSAGE_REFUSED, 'presence too large');
      client.handleMessage(frame);
    });
    socket.on('close', (code, reason) => {
      this.sockets.delete(socket);
      client.handleClose({ code, reason: reason.toString() });
    });
  }

  /**
   * Per document: the session must still hold its user, and the user needs a role; below editor, the
   * connection is read-only. Its presence is the user's name as identity knows it.
   */
  private async authenticate({ documentName, context, connectionConfig }: onAuthenticatePayload<CollabContext>): Promise<Pick<CollabContext, 'presence'>> {
    const id = documentIdOf(documentName);
    const { userId, sessionId } = context;
    if (userId === undefined || sessionId === undefined) throw new Refusal(COLLAB_REFUSED.UNAUTHORIZED);
    const [current] = await this.sessions.usersOf([sessionId]);
    if (current !== userId) throw new Refusal(COLLAB_REFUSED.UNAUTHORIZED);
    const role = id === null ? null : await this.store.role(userId, id);
    if (role === null) throw new Refusal(COLLAB_REFUSED.NOT_FOUND);
    connectionConfig.readOnly = !roleAllows(role, 'editor');
    return { presence: presenceUser(userId, await this.presenceName(userId)) };
  }

  /** The name others see: identity's; while identity cannot answer, editing goes on under a stand-in. */
  private async presenceName(userId: number): Promise<string> {
    try {
      const profile = await this.people.profile(userId);
      if (profile) return profile.name || profile.username;
    } catch (err) {
      this.logger.warn({ err, userId }, 'could not read a live editor’s name');
    }
    return `User ${userId}`;
  }

  /**
   * Before a client's update is applied (docs/decisions/0032-live-editing-limits-and-presence.md): one that would take the document past its
   * size limit, or holds anything but its text, is not applied (the connection turns read-only, which
   * Hocuspocus checks next) and the socket closes, so no replica and no other client ever has it.
   */
  private async limit({ connection, document, type, payload }: beforeSyncPayload<CollabContext>): Promise<void> {
    if (connection.readOnly || (type !== messageYjsSyncStep2 && type !== messageYjsUpdate) || !refusedUpdate(document, payload)) return;
    connection.readOnly = true;
    connection.webSocket.close(COLLAB_CLOSE.MESSAGE_REFUSED, 'update refused');
  }

  /** A client's presence carries its session's user and only its own client's state; other replicas' (over Redis) were held to this on theirs. */
  private presence({ connection, context, document, states }: beforeHandleAwarenessPayload<CollabContext>): void {
    if (!connection) return;
    if (!context?.presence) {
      for (const clientId of states.keys()) states.delete(clientId);
      return;
    }
    claimPresence(states, document.getClients(connection), document.awareness.getStates(), context.presence);
  }

  /**
   * Once the connection is registered with its document (where a grant change finds it), its role is
   * read again: a change committed while it was being set up announced itself before it could be found.
   */
  private async confirm({ documentName, context, connection }: connectedPayload<CollabContext>): Promise<void> {
    const id = documentIdOf(documentName);
    if (id === null || context.userId === undefined) return;
    this.enforce(connection, await this.store.role(context.userId, id));
  }

  /** A connection whose role no longer matches it (none left, or read-write and read-only swapped) stops taking updates and closes. */
  private enforce(connection: Connection, role: Role | null): void {
    if (role !== null && roleAllows(role, 'editor') === !connection.readOnly) return;
    connection.readOnly = true;
    connection.webSocket.close(COLLAB_CLOSE.ACCESS_CHANGED, 'access changed');
  }

  private async load({ documentName, document }: onLoadDocumentPayload<CollabContext>): Promise<void> {
    const id = documentIdOf(documentName);
    const state = id === null ? undefined : await this.store.load(id, document);
    if (!state) throw new Error(`document ${documentName} is gone`);
    this.loadedStates.set(document, state);
  }

  /**
   * A change stored between the load and the Redis subscription reached no live copy: merge what is stored now. Usually
   * nothing was, and the bytes stored are the ones loaded: decoding them again would cost a 100 kB document about 10 ms.
   */
  private async catchUp({ documentName, document }: afterLoadDocumentPayload<CollabContext>): Promise<void> {
    const loaded = this.loadedStates.get(document);
    this.loadedStates.delete(document);
    const id = documentIdOf(documentName);
    const state = id === null ? null : await this.store.state(id);
    if (state && !(loaded && Buffer.compare(state, loaded) === 0)) Y.applyUpdate(document, state, MERGE_ORIGIN);
  }

  private async typed({ documentName, context }: onChangePayload<CollabContext>): Promise<void> {
    if (context.userId === undefined) return;
    const typists = this.typists.get(documentName) ?? new Set<number>();
    this.typists.set(documentName, typists.add(context.userId));
  }

  private async storeDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>): Promise<void> {
    const id = documentIdOf(documentName);
    if (id === null) return;
    const typists = this.typists.get(documentName) ?? new Set(lastContext.userId === undefined ? [] : [lastContext.userId]);
    this.typists.delete(documentName);
    const stored = await this.store.store(id, document, [...typists], MERGE_ORIGIN);
    if (!stored) this.closeDocument(documentName, COLLAB_CLOSE.DOCUMENT_DELETED, 'document deleted');
  }

  private onEvent(channel: string, raw: string): void {
    try {
      if (channel === SESSION_ENDED_CHANNEL) this.sessionEnded(JSON.parse(raw) as SessionEndedEvent);
      else if (channel === this.channels.revoked) void this.accessChanged(accessRevokedEventSchema.parse(JSON.parse(raw)));
      else if (channel === this.channels.deleted) this.closeDocument(raw, COLLAB_CLOSE.DOCUMENT_DELETED, 'document deleted');
    } catch {
      this.logger.warn({ channel }, 'ignored a malformed collaboration event');
    }
  }

  private sessionEnded(event: SessionEndedEvent): void {
    const tags = new Set(Array.isArray(event.sessions) ? event.sessions : []);
    for (const [socket, session] of this.sockets) {
      if (tags.has(session.tag) || session.userId === event.userId) this.endSocket(socket, COLLAB_CLOSE.SESSION_ENDED, 'session ended');
    }
  }

  /** Sessions also end by expiring, which announces nothing: ask Redis whether each socket's still holds its user. */
  private async recheckSessions(): Promise<void> {
    const entries = [...this.sockets];
    if (entries.length === 0) return;
    try {
      const users = await this.sessions.usersOf(entries.map(([, s]) => s.sessionId));
      entries.forEach(([socket, session], i) => {
        if (users[i] !== session.userId) this.endSocket(socket, COLLAB_CLOSE.SESSION_ENDED, 'session ended');
      });
    } catch (err) {
      this.logger.debug({ err: (err as Error).message }, 'collaboration session check skipped');
    }
  }

  /**
   * A grant was revoked or weakened: the user's connections to those documents are held to their
   * role now; the provider of a closed one reconnects and learns its new scope, or is refused.
   */
  private async accessChanged(event: AccessRevokedEvent): Promise<void> {
    for (const documentId of event.documentIds) {
      const document = this.hocuspocus.documents.get(collabDocumentName(documentId));
      const concerned = document?.getConnections().filter((c) => (c.context as CollabContext).userId === event.userId) ?? [];
      if (concerned.length === 0) continue;
      let role: Role | null = null;
      try {
        role = await this.store.role(event.userId, documentId);
      } catch (err) {
        this.logger.warn({ err, documentId }, 'could not check a changed grant: closing its connections');
      }
      for (const connection of concerned) this.enforce(connection, role);
    }
  }

  private closeDocument(name: string, code: number, reason: string): void {
    for (const connection of this.hocuspocus.documents.get(name)?.getConnections() ?? []) {
      connection.readOnly = true;
      connection.webSocket.close(code, reason);
    }
  }

  private endSocket(socket: WebSocket, code: number, reason: string): void {
    this.sockets.delete(socket);
    socket.close(code, reason);
  }

  /**
   * Before the HTTP server closes: every socket goes away (clients reconnect to another replica), the
   * open documents are stored and unloaded, then the extensions stop (docs/decisions/0008-observability-and-operations.md).
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.recheck) clearInterval(this.recheck);
    await this.subscriber?.quit().catch(() => undefined);
    for (const socket of this.sockets.keys()) socket.close(COLLAB_CLOSE.GOING_AWAY, 'server shutting down');
    await new Promise<void>((resolve) => {
      const giveUp = setTimeout(resolve, SHUTDOWN_STORE_MS);
      giveUp.unref();
      this.hocuspocus.configuration.extensions.push({
        afterUnloadDocument: async ({ instance }) => {
          if (instance.getDocumentsCount() === 0) resolve();
        },
      });
      if (this.hocuspocus.getDocumentsCount() === 0) resolve();
      this.hocuspocus.closeConnections();
      this.hocuspocus.flushPendingStores();
    });
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
  }
}

/** ws hands binary frames over as Buffers (or fragments / an ArrayBuffer, when told to). */
function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
