import { FileContentType } from '../../../domain/shared/file-type';
import { Picture } from '../../../domain/shared/picture';

/** A picture's reference as its three columns (`…_key`, `…_content_type`, `…_size`), null together. */
export interface PictureRow {
  key: string | null;
  contentType: string | null;
  size: number | null;
}

/** The stored reference back as the domain's value (through its factory). */
export function pictureFromRow({ key, contentType, size }: PictureRow): Picture | null {
  return key === null ? null : Picture.of({ key, contentType: contentType as FileContentType, size: size ?? 0 });
}

export function pictureToRow(picture: Picture | null): PictureRow {
  return { key: picture?.key ?? null, contentType: picture?.contentType ?? null, size: picture?.size ?? null };
}
