import { DECLARED_RESOURCES } from '../../declaration/declared-resources';
import { collectionOf, ResourceDeclaration } from '../../declaration/resource-declaration';
import type { DocumentedOperation } from './operation';

/** The areas of the API besides the declared resources (each of which is its own, see `apiTags`). */
const AREAS = {
  Auth: 'Sign-up, sessions (log in, log out) and passwords.',
  Profile: "The caller's own profile and picture.",
  Organisations: "The caller's organisations: create, read, update, logo.",
  Members: "An organisation's members and invitations, and accepting an invitation.",
  History: "Who changed what: each record's history and an organisation's activity.",
  Reports: 'Figures over expenses, the pipeline and vendors.',
  Imports: 'CSV files read into the lists, a row at a time through the same rules as one record.',
  Operations: 'Health, readiness, and this description.',
} as const;

export type Tag = string;

/** A declared resource's tag: its own `tag`, else its collection's path segment, capitalised (`Vendors`, `Sales stages`). */
export const tagOfDeclared = (declaration: ResourceDeclaration): Tag => {
  if (declaration.tag !== undefined) return declaration.tag;
  const segment = segmentOf(declaration);
  return segment.charAt(0).toUpperCase() + segment.slice(1).replace(/-/g, ' ');
};

const segmentOf = collectionOf;

/**
 * Every tag of the API description with its description, in the order it
 * lists them: the areas, each declared resource after the area it follows
 * (`tagAfter`, else before Operations).
 */
export function apiTags(): { name: Tag; description: string }[] {
  const tags: { name: Tag; description: string }[] = Object.entries(AREAS).map(([name, description]) => ({ name, description }));
  // Each after the tag it follows, once that one is placed (a declared resource may follow another).
  const waiting = [...DECLARED_RESOURCES];
  while (waiting.length > 0) {
    const next = waiting.findIndex((declaration) => declaration.tagAfter === undefined || tags.some((tag) => tag.name === declaration.tagAfter));
    if (next < 0) throw new Error(`No API tag named ${waiting[0].tagAfter} for ${waiting[0].names.many} to follow`);
    const [declaration] = waiting.splice(next, 1);
    // Resources that share a tag (contact groups and contacts) list it once.
    if (tags.some((tag) => tag.name === tagOfDeclared(declaration))) continue;
    const after = declaration.tagAfter === undefined ? tags.length - 1 : tags.findIndex((tag) => tag.name === declaration.tagAfter) + 1;
    tags.splice(after, 0, { name: tagOfDeclared(declaration), description: declaration.tagDescription });
  }
  return tags;
}

const TAG_BY_SEGMENT: Record<string, Tag> = {
  auth: 'Auth',
  me: 'Profile',
  organisations: 'Organisations',
  organisation: 'Organisations',
  members: 'Members',
  invitations: 'Members',
  activity: 'History',
  reports: 'Reports',
  imports: 'Imports',
  logo: 'Organisations',
  // The organisation's own update (`organisation/{org}/update/`).
  update: 'Organisations',
  people: 'Profile',
};

/** The area of an operation: its own `tag`, a record's history, else the path's first resource segment. */
export function tagOf(operation: Pick<DocumentedOperation, 'path' | 'tag'>): Tag {
  if (operation.tag) return operation.tag;
  const { path } = operation;
  if (path.endsWith('/history')) return 'History';
  const segments = path.replace(/^\/api\/v1\.0\//, '').split('/');
  // Under an organisation the segment after its parameter names the area (the organisation itself without one).
  const segment = segments[0] === 'organisation' ? (segments[2] ?? 'organisation') : segments[0];
  const declared = DECLARED_RESOURCES.find((declaration) => segmentOf(declaration) === segment);
  if (declared) return tagOfDeclared(declared);
  const tag = TAG_BY_SEGMENT[segment];
  if (tag) return tag;
  // Only the service's own endpoints (health, readiness, this description) are outside the API's areas.
  if (path.startsWith('/api/v1.0/')) throw new Error(`No API tag for ${path}: declare the resource, or add its area`);
  return 'Operations';
}
