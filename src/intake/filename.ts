/**
 * An original filename for the status responses: a base name only, never a path, and without
 * control characters (no one chose those, and PostgreSQL text rejects NUL). Null when nothing is left.
 */
export function cleanFilename(name: string): string | null {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  const cleaned = Array.from(base)
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim();
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : null;
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The filename of a Content-Disposition header: RFC 6266 `filename*` (RFC 8187 encoded) wins over
 * `filename`, as browsers do.
 */
export function filenameFromDisposition(header: string): string | null {
  const extended = /(?:^|;)\s*filename\*\s*=\s*"?([\w!#$&+.^`|~-]*)'[^']*'([^";]+)"?/i.exec(header);
  if (extended) {
    const decoded = decode(extended[2]!.trim());
    if (decoded) return cleanFilename(decoded);
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  if (plain) return cleanFilename(plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2]!.trim());
  return null;
}

/** The last segment of the URL's path, percent-decoded: `/files/a%20b.pdf` → `a b.pdf`. */
export function filenameFromUrl(url: URL): string | null {
  const segment = url.pathname.split('/').at(-1) ?? '';
  return segment ? cleanFilename(decode(segment) ?? segment) : null;
}
