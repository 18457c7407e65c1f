import { Global, Module } from '@nestjs/common';
import { ReplyResponder } from './reply-responder.js';
import { ReplyStreams } from './reply-streams.service.js';

/** Streamed replies (D14): this replica's partials channel, and the JSON-or-SSE responder of the AI calls. */
@Global()
@Module({ providers: [ReplyStreams, ReplyResponder], exports: [ReplyStreams, ReplyResponder] })
export class StreamingModule {}
