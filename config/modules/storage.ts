import { TypeOrmDatabase } from '../../adapters/persistence/typeorm/engine';

/** Where repositories keep their data: a TypeORM database, or process memory (use-case tests). */
export type Storage = { kind: 'typeorm'; database: TypeOrmDatabase } | { kind: 'memory' };
