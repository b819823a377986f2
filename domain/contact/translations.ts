/**
 * `translations` of contact groups and contacts: an opaque text the client owns
 * (for example JSON of localised names). The service stores and returns it
 * verbatim; it neither parses nor validates it, nor limits its length (a text
 * column). Null when the client sent none.
 */
export type Translations = string | null;
