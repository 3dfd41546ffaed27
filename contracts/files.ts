import { z } from 'zod';
import { defineEndpoint, ok, uuidParam } from './http';

/** E8: what an image is for; decides nothing but the label of the row (sizes come with the upload). */
export const IMAGE_PURPOSES = [
  'company.logo',
  'project.logo',
  'project.banner',
  'participant.picture',
  'activity.image',
  'image',
] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** The sizes the product uses for its own images (width × height in pixels; height 0 = free height). */
export const IMAGE_SIZES = {
  'company.logo': { width: 400, height: 200 },
  'project.logo': { width: 400, height: 200 },
  'project.banner': { width: 1200, height: 300 },
  'participant.picture': { width: 400, height: 400 },
  /** E9: 650 wide, at least 320 high (used with image type 12). */
  'activity.image': { width: 650, height: 320 },
} as const satisfies Partial<Record<ImagePurpose, { width: number; height: number }>>;

/** E8: image type 14 is stored as uploaded (re-encoded, never cropped), without showing the cropper. */
export const IMAGE_TYPE_AS_UPLOADED = 14;
/**
 * E9: image type 12 has a free ratio with a fixed width and a minimum height: the width is the target's, the height
 * follows the crop but is never under the target's height (300 when it is 0).
 */
export const IMAGE_TYPE_FREE_RATIO = 12;
/** E8: a missing or 0 height means free height; the cropper then starts from this height. */
export const FREE_HEIGHT_DEFAULT = 300;
/** An upload larger than this is refused (bytes). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** An image of more pixels than this is refused (decoding it would take too much memory). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Target sizes accepted for a crop. */
export const IMAGE_MAX_SIDE = 4000;
/** Images kept as uploaded (type 14) are scaled down to fit in this square. */
export const AS_UPLOADED_MAX_SIDE = 2000;
/** Images of the rich-text editor are scaled down to this width. */
export const EDITOR_IMAGE_MAX_WIDTH = 2000;
/** What the file input offers; the server decides by the content, not by this list. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/** A file part of a multipart request, as the server hands it to the validation (see server/http/endpoint.ts). */
export interface UploadedFile {
  bytes: Uint8Array;
  filename: string;
  mimetype: string;
  /** The file was longer than the upload limit and was cut. */
  truncated: boolean;
}

const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === 'object' && value !== null && (value as UploadedFile).bytes instanceof Uint8Array;

export const uploadedFile = z
  .custom<UploadedFile>(isUploadedFile, { error: 'validation.empty' })
  .meta({ type: 'string', format: 'binary' });

/** A number sent as a multipart text field. */
const sizeField = (min: number) =>
  z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(min)
    .max(IMAGE_MAX_SIDE);

/** The crop rectangle in the pixels of the original image (cropperjs `getData(true)`), after rotation. */
export const cropRect = z.object({
  x: z
    .number()
    .min(-IMAGE_MAX_SIDE * 4)
    .max(IMAGE_MAX_SIDE * 4),
  y: z
    .number()
    .min(-IMAGE_MAX_SIDE * 4)
    .max(IMAGE_MAX_SIDE * 4),
  width: z
    .number()
    .positive()
    .max(IMAGE_MAX_SIDE * 4),
  height: z
    .number()
    .positive()
    .max(IMAGE_MAX_SIDE * 4),
  rotate: z.number().min(-3600).max(3600).default(0),
});
export type CropRect = z.input<typeof cropRect>;

/** A JSON text field holding a crop rectangle. */
const cropField = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: text });
      return z.NEVER;
    }
  })
  .pipe(cropRect);

export const uploadImageBody = z
  .object({
    file: uploadedFile,
    purpose: z.enum(IMAGE_PURPOSES, { error: 'validation.invalid' }),
    projectId: uuidParam.optional(),
    /** 0 (with height 0): free, the crop is kept at its own size (E9). */
    width: sizeField(0),
    /** 0 = free height: the width is fixed, the height follows the crop. */
    height: sizeField(0).default(0),
    crop: cropField.optional(),
    imageType: z.coerce.number({ error: 'validation.invalid' }).int().min(0).max(1000).optional(),
  })
  // A width of 0 means "free", which only makes sense with a free height too.
  .refine((body) => body.width > 0 || body.height === 0, {
    path: ['width'],
    error: 'validation.activityEdition.freeWidth',
  });

export const storedImage = z.object({
  id: z.uuid(),
  /** Where the image is served (public by its unguessable id). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof storedImage>;

/** The address an image is served at. */
export const fileUrl = (fileId: string) => `/files/${fileId}`;

/** Fields of the multipart request: `file`, `purpose`, `width`, `height`, optional `projectId`, `crop`, `imageType`. */
export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/api/files/images',
  access: 'user',
  tag: 'files',
  summary: 'E8 upload an image, cropped, rotated and resized to the target size (multipart)',
  multipart: true,
  body: uploadImageBody,
  response: storedImage,
});

/** The rich-text editor's image upload (E7): multipart `file` and optional `projectId`; answers `{ location }`. */
export const uploadEditorImage = defineEndpoint({
  method: 'POST',
  path: '/api/files/editor-images',
  access: 'user',
  tag: 'files',
  summary: 'E7 upload an image of the rich-text editor (multipart)',
  multipart: true,
  body: z.object({ file: uploadedFile, projectId: uuidParam.optional() }),
  response: z.object({ location: z.string() }),
});

export const deleteFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/files/:fileId',
  access: 'user',
  tag: 'files',
  summary: 'E8 delete an image of the company',
  params: z.object({ fileId: uuidParam }),
  response: ok,
});

/** U1, P12: what a document is for (a participant's CV, an activity's document). */
export const DOCUMENT_PURPOSES = ['participant.cv', 'activity.document'] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];
/** A document larger than this is refused (bytes). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the server checks the content (`%PDF-`). */
export const DOCUMENT_ACCEPT = 'application/pdf';

export const storedDocument = z.object({
  id: z.uuid(),
  /** Served as a download (content-disposition: attachment). */
  url: z.string(),
  name: z.string().nullable(),
});
export type StoredDocument = z.infer<typeof storedDocument>;

/** Fields of the multipart request: `file` (a PDF), `purpose`, optional `projectId`. */
export const uploadDocument = defineEndpoint({
  method: 'POST',
  path: '/api/files/documents',
  access: 'user',
  tag: 'files',
  summary: 'U1 upload a PDF document (a participant CV), at most 10 MB (multipart)',
  multipart: true,
  body: z.object({
    file: uploadedFile,
    purpose: z.enum(DOCUMENT_PURPOSES, { error: 'validation.invalid' }),
    projectId: uuidParam.optional(),
  }),
  response: storedDocument,
});
