import { Global, Module } from '@nestjs/common';
import { ReplyResponder } from './reply-responder.js';
import { ReplyStreams } from './reply-streams.service.js';

/** Streamed replies (docs/decisions/0014-streaming-replies.md): this replica's partials channel, and the JSON-or-SSE responder of the AI calls. */
@Global()
@Module({ providers: [ReplyStreams, ReplyResponder], exports: [ReplyStreams, ReplyResponder] })
export class StreamingModule {}
