import { IncomingFile } from '../../../application/shared/incoming-file';
import { UploadedFile } from '../body/read-body';
import { UploadedFileReader } from '../body/uploaded-file-reader';
import { Field, FieldOptions, JsonSchema, reject } from './field';

/** DRF's FileField: a multipart file part; in a form, an empty value means null when nullable. */
export class FileField extends Field<IncomingFile> {
  override get requiredMessage(): string {
    return 'No file was submitted.';
  }

  protected convert(raw: unknown): IncomingFile {
    if (!(raw instanceof UploadedFile)) reject('The submitted data was not a file. Check the encoding type on the form.');
    if (raw.size === 0) reject('The submitted file is empty.');
    return new UploadedFileReader(raw);
  }

  protected describe(): JsonSchema {
    return { type: 'string', format: 'binary', description: 'A file part of a multipart body' };
  }
}

export const fileField = (options?: FieldOptions) => new FileField(options);
