import { Anchor, Button, FileButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconFileTypePdf, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, fileUrl, IMAGE_SIZES } from '../../../contracts/files';
import type { ParticipantFormOptions, ParticipantInput } from '../../../contracts/participants';
import type { AppForm } from '../../components/forms/use-app-form';
import { ImageField } from '../../components/images';
import { ApiError } from '../../lib/api';
import { uploadCv } from './api';
import { isFieldActive } from './participant-form-fields';

type CvMeta = { id: string; name: string | null } | null;

/**
 * The person's picture (E8 cropper, square), CV (a PDF of 10 MB at most) and video link, in the add modal and the
 * edition panel. The files are uploaded at once; the person points to them when the form is saved.
 */
export function ParticipantMediaFields({
  app,
  projectId,
  cv: initialCv,
  options,
}: {
  app: Pick<AppForm<ParticipantInput>, 'form' | 'field'>;
  projectId: string;
  cv?: CvMeta;
  /** The project's fields: a media field switched inactive (U5) is not shown. */
  options?: Pick<ParticipantFormOptions, 'standardFields'>;
}) {
  const { t } = useTranslation();
  const { form, field } = app;
  const values = form.getValues() as ParticipantInput;
  const size = IMAGE_SIZES['participant.picture'];
  const [cv, setCv] = useState<CvMeta>(initialCv ?? null);
  const [uploading, setUploading] = useState(false);
  const [cvError, setCvError] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  async function chooseCv(file: File | null) {
    resetInput.current?.();
    if (!file) return;
    setCvError(null);
    if (file.size > DOCUMENT_MAX_BYTES) {
      setCvError(t('validation.participants.cvTooLarge', { maximum: DOCUMENT_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadCv(file, projectId);
      setCv({ id: stored.id, name: stored.name });
      form.setFieldValue('cvFileId', stored.id);
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.fields[0]?.message : undefined;
      setCvError(fieldError ?? (error instanceof ApiError ? error.message : t('errors.unexpected')));
    } finally {
      setUploading(false);
    }
  }

  const cvId = values.cvFileId ?? null;
  const cvError2 = cvError ?? (field('cvFileId').error as string | undefined) ?? null;
  const active = (key: string) => !options || isFieldActive(options, key);
  if (!active('pictureFileId') && !active('cvFileId') && !active('videoUrl')) return null;
  return (
    <Stack>
      {active('pictureFileId') && (
        <ImageField
          label={t('participants.fields.picture')}
          purpose="participant.picture"
          projectId={projectId}
          width={size.width}
          height={size.height}
          value={values.pictureFileId ?? null}
          onChange={(id) => form.setFieldValue('pictureFileId', id)}
        />
      )}
      {active('cvFileId') && (
        <Input.Wrapper
          label={t('participants.fields.cv')}
          description={t('participants.cv.hint')}
          error={cvError2}
          labelElement="div"
        >
          <Stack gap="xs" mt={4}>
            {cvId ? (
              <Group gap="xs">
                <IconFileTypePdf size={18} aria-hidden />
                <Anchor href={fileUrl(cvId)} size="sm" data-testid="participant-cv-link">
                  {cv?.id === cvId && cv.name ? cv.name : t('participants.cv.download')}
                </Anchor>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('participants.cv.none')}
              </Text>
            )}
            <Group gap="xs">
              <FileButton onChange={chooseCv} accept={DOCUMENT_ACCEPT} resetRef={resetInput}>
                {(buttonProps) => (
                  <Button
                    {...buttonProps}
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={uploading}
                  >
                    {cvId ? t('participants.cv.replace') : t('participants.cv.choose')}
                  </Button>
                )}
              </FileButton>
              {cvId && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => form.setFieldValue('cvFileId', null)}
                >
                  {t('participants.cv.remove')}
                </Button>
              )}
            </Group>
          </Stack>
        </Input.Wrapper>
      )}
      {active('videoUrl') && (
        <TextInput
          label={t('participants.fields.videoUrl')}
          description={t('participants.fields.videoUrlHint')}
          type="url"
          {...field('videoUrl')}
          value={String(values.videoUrl ?? '')}
        />
      )}
    </Stack>
  );
}
