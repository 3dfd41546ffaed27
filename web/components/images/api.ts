import {
  type CropRect,
  deleteFile,
  type ImagePurpose,
  type StoredImage,
  uploadImage,
} from '../../../contracts/files';
import { ApiError, call, upload as uploadForm } from '../../lib/api';
import { i18n } from '../../lib/i18n';

export interface ImageUpload {
  file: File;
  purpose: ImagePurpose;
  projectId?: string;
  width: number;
  /** 0 = free height. */
  height: number;
  imageType?: number;
  crop?: CropRect;
}

/** E8: the chosen file with its target size and crop; the server cuts, turns and resizes it. */
export function saveImage(upload: ImageUpload): Promise<StoredImage> {
  const form = new FormData();
  form.set('purpose', upload.purpose);
  if (upload.projectId) form.set('projectId', upload.projectId);
  form.set('width', String(upload.width));
  form.set('height', String(upload.height));
  if (upload.imageType !== undefined) form.set('imageType', String(upload.imageType));
  if (upload.crop) form.set('crop', JSON.stringify(upload.crop));
  // The file last: the server reads the text fields first.
  form.set('file', upload.file, upload.file.name);
  return uploadForm(uploadImage, form) as Promise<StoredImage>;
}

export function removeImage(fileId: string) {
  return call(deleteFile, { params: { fileId } });
}

/** What to show of a failed save: the server's message (the field's, else the title), or a generic one. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.fields[0]?.message ?? error.title;
    if (message) return message;
  }
  return i18n.t('images.errors.saveFailed');
}
