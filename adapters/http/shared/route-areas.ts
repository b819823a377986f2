/**
 * The area of a path, the same for a route's pattern and every path it
 * matches: under `organisation/{org}/` the segment after the organisation
 * (`vendors`, or none for the organisation itself), elsewhere the first one
 * after the API's prefix (`me`, `auth`), or the path's first two (`api/schema`,
 * `healthz`). Case-insensitive, as the routes are.
 */
export function areaOf(path: string): string {
  const segments = path.toLowerCase().split('/').filter(Boolean);
  if (segments[0] !== 'api') return segments.slice(0, 2).join('/');
  if (segments[1] !== API_VERSION) return segments.slice(0, 2).join('/');
  if (segments[2] !== 'organisation') return `${API_VERSION}/${segments[2] ?? ''}`;
  return `${API_VERSION}/organisation/${segments[4] ?? ''}`;
}

const API_VERSION = 'v1.0';
