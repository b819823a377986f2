/** The two storage engines, which differ only in a few column types. */
export type Dialect = 'sqlite' | 'postgres';
