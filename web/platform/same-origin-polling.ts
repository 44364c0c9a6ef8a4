import { XHR } from 'socket.io-client';

/**
 * Socket.IO long-polling on the page's own origin. engine.io builds http(s)://<host> URLs even on
 * app://buildboard, so the URL is made relative: the request then goes to app://buildboard/socket.io/,
 * which the main process forwards to the server with the session cookie.
 */
export class SameOriginPolling extends XHR {
  protected override uri(): string {
    const url = new URL(super.uri());
    return `${url.pathname}${url.search}`;
  }
}
