import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { messages } from '@northbeam/common';

/**
 * Answers requests that Node's HTTP parser refuses before Express sees them (headers too large,
 * malformed request line, a request that arrives too slowly) in the error contract and with the
 * site's security headers, instead of Node's bare status line. Node gives no response object
 * there, so the answer is written to the socket as it is.
 */
export function answerClientErrors(server: Server, securityHeaders: RequestHandler): void {
  const headerLines = collectHeaders(securityHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client reset, or one already answered: nothing useful can be written.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [statusCode, sentence] = refusal(error.code ?? '');
    const body = JSON.stringify({ statusCode, error: sentence });
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        headerLines +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}

/** The status and sentence for a parser error code, with Node's own choice of status. */
function refusal(code: string): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, messages.headersTooLarge];
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, messages.payloadTooLarge];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, messages.requestTimedOut];
    default:
      return [400, messages.requestUnreadable];
  }
}

/** The headers the security-header middleware sets on every answer, read once at start-up. */
function collectHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader(name: string) {
      return headers.get(name);
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage as never, response as unknown as ServerResponse as never, () => {
    finished = true;
  });
  if (!finished) throw new Error('The security-header middleware did not finish synchronously');
  return [...headers];
}
