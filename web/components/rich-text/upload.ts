import { uploadEditorImage } from '../../../contracts/files';
import { upload } from '../../lib/api';

/**
 * E7: sends an image of the editor (multipart `file`, optional `projectId`) and resolves to its address. A refusal
 * (403), any other failure or an answer without `location` rejects.
 */
export async function uploadImage(file: File, projectId?: string): Promise<string> {
  const body = new FormData();
  if (projectId) body.append('projectId', projectId);
  body.append('file', file, file.name);
  const answer = (await upload(uploadEditorImage, body)) as { location?: unknown } | null;
  if (!answer || typeof answer.location !== 'string' || answer.location === '')
    throw new Error('no location');
  return answer.location;
}
