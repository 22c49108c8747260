const REASONS: Record<string, string> = {
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_OVERFLOW: 'response headers too large',
};

/**
 * Why an outbound request (a document download, a webhook POST) failed to connect or read, in
 * words a user can act on, from Node's and undici's error codes; `peer` names the other end.
 */
export function connectionFailureReason(error: unknown, peer: 'server' | 'receiver'): string {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (code === 'UND_ERR_SOCKET') return `connection closed by the ${peer}`;
  if (REASONS[code]) return REASONS[code];
  if (/CERT|TLS|SSL/.test(code)) return `TLS error (${code})`;
  return error instanceof Error ? error.message : String(error);
}
