/**
 * What the request log shows of a URL (issue #11 §5): the values of query parameters that carry
 * secrets (`/confirm-email?token=…`, `/reset-password?token=…`) are replaced by `[redacted]`.
 */

/** Query parameters whose values never reach the log. */
const SECRET_PARAM = /^(?:token|code|key|secret|password|session|signature|sig)$/i;

/** `url` (path and query, as in `req.url`) with the values of secret parameters redacted. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request log serializer with the URL redacted. */
export function requestLogSerializer(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
