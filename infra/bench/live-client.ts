import { HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { documentFragment } from '@prd/doc-model';
import { COLLAB_PATH } from '@prd/proto';
import type { BenchUser } from './api.ts';

/** A live-editing socket to `server` (a content replica, or the gateway) as `user`, as a browser opens one: its cookie and its Origin. */
export function socketTo(server: string, user: BenchUser): HocuspocusProviderWebsocket {
  const headers = { Cookie: user.cookie, Origin: server };
  return new HocuspocusProviderWebsocket({
    url: `${server.replace(/^http/, 'ws')}${COLLAB_PATH}`,
    WebSocketPolyfill: class extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
  });
}

/**
 * The live document's first text (its first heading or paragraph: an XmlText is a Y.Text), where the co-editing figures
 * type and watch for each other's marks now that the live document is doc-model's fragment (issue 31).
 */
export function liveText(doc: Y.Doc): Y.XmlText {
  for (const node of documentFragment(doc).createTreeWalker((n) => n instanceof Y.XmlText)) if (node instanceof Y.XmlText) return node;
  throw new Error('the live document has no text: is it synced, and on the rich-text document model?');
}
