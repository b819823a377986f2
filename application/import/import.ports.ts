import { ImportMode, ImportResult } from './import-records';

/** An import as it is kept once it ran: what was asked, by whom, and its result. */
export interface KeptImport extends ImportResult {
  id: string;
  uniqueId: string;
  organisationId: string;
  createdById: string;
  resource: string;
  mode: ImportMode;
  dryRun: boolean;
  unknownColumns: string[];
  dateCreated: Date;
}

/** The imports an organisation ran. */
export interface ImportLog {
  add(kept: KeptImport): Promise<void>;
  find(organisationId: string, uniqueId: string): Promise<KeptImport | null>;
}

export const IMPORT_TOKENS = {
  ImportLog: Symbol.for('ImportLog'),
} as const;
