/** Each media range of an Accept header with its weight (q), in the order given. */
function mediaRanges(accept: string): Array<{ range: string; weight: number }> {
  return accept.split(',').map((part) => {
    const [range, ...parameters] = part.trim().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
    return { range: range.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q) || 0 };
  });
}

/** The weight the header gives a media type: its own range, else type/*, else *\/*; 0 when none matches. */
function weightOf(ranges: Array<{ range: string; weight: number }>, mediaType: string): number {
  const [type] = mediaType.split('/');
  for (const candidate of [mediaType, `${type}/*`, '*/*']) {
    const match = ranges.find((entry) => entry.range === candidate);
    if (match) return match.weight;
  }
  return 0;
}

/**
 * Whether a request is a browser's navigation: it names HTML itself (not only through a wildcard) and weighs it
 * above JSON. API clients (Accept: application/json, `*\/*`, or no Accept at all) are not.
 *
 * @example prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*\/*;q=0.8') // true
 * @example prefersHtml('application/json, text/html') // false: a tie goes to JSON
 * @example prefersHtml(undefined) // false
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = mediaRanges(accept);
  const html = Math.max(
    ranges.find((entry) => entry.range === 'text/html')?.weight ?? 0,
    ranges.find((entry) => entry.range === 'application/xhtml+xml')?.weight ?? 0,
  );
  return html > 0 && html > weightOf(ranges, 'application/json');
}
