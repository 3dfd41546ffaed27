import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl, IMAGE_ACCEPT, type ImagePurpose } from '../../../contracts/files';
import { ApiError } from '../../lib/api';
import { ConfirmModal } from '../modal/app-modal';
import { removeImage, saveErrorMessage } from './api';
import { cropSpec } from './crop-rules';
import { ImageCropper } from './image-cropper';

export interface ImageFieldProps {
  label: string;
  description?: string;
  purpose: ImagePurpose;
  projectId?: string;
  /** Size of the saved image in pixels; height 0 = free height; both 0 = free (E9). */
  width: number;
  height: number;
  /** 14: the image is kept as chosen (no cropper); 12: free ratio at the width, the height a minimum (E9). */
  imageType?: number;
  /** The id of the current image (served at /files/<id>), or null. */
  value: string | null;
  /**
   * Called with the new image's id after a save, or null after a delete (before the old file is removed). The
   * owner's server saves the id and deletes the file it replaces: the browser never removes a replaced image.
   */
  onChange: (fileId: string | null) => void | Promise<void>;
  readOnly?: boolean;
}

/**
 * E8: an image of a form (organisation logo, project logo and banner…). Shows the current image or the size it needs,
 * opens the cropper on the chosen file, and deletes the image after a confirmation.
 */
export function ImageField(props: ImageFieldProps) {
  const { label, description, purpose, projectId, width, height, imageType, value, onChange, readOnly } =
    props;
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  // Lets the same file be chosen again after the cropper closed.
  const resetInput = useRef<() => void>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const spec = cropSpec({ width, height, imageType });
  const sizeText = spec.free
    ? t('images.field.free')
    : spec.freeHeight && height
      ? t('images.field.requiredMinHeight', { width, height })
      : spec.freeHeight
        ? t('images.field.requiredWidth', { width })
        : t('images.field.requiredSize', { width, height });

  async function handleDelete() {
    if (!value) return;
    setDeleting(true);
    try {
      // The reference goes first: a failed change leaves the image where it is.
      await onChange(null);
      await removeImage(value).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
      notifications.show({ color: 'teal', message: t('images.field.deleted') });
      setConfirming(false);
    } catch (error) {
      notifications.show({ color: 'red', message: saveErrorMessage(error) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Input.Wrapper label={label} description={description} labelElement="div">
      <Stack gap="xs" mt={4}>
        {value ? (
          <Box maw="100%">
            <Image
              src={fileUrl(value)}
              alt={t('images.field.current', { label })}
              maw={Math.min(width || 600, 600)}
              radius="sm"
              fit="contain"
            />
          </Box>
        ) : (
          <Box
            p="md"
            maw={Math.min(width || 600, 600)}
            style={{
              border: '1px dashed var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <IconPhoto size={20} aria-hidden />
              <Text size="sm">{t('images.field.empty')}</Text>
            </Group>
          </Box>
        )}
        <Text size="xs" c="dimmed">
          {sizeText}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <FileButton onChange={setFile} accept={IMAGE_ACCEPT} resetRef={resetInput}>
              {(buttonProps) => (
                <Button {...buttonProps} variant="light" leftSection={<IconUpload size={16} />}>
                  {value ? t('images.field.replace') : t('images.field.choose')}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
              >
                {t('images.field.delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ImageCropper
        opened={file !== null}
        file={file}
        target={{ width, height, imageType }}
        purpose={purpose}
        projectId={projectId}
        onClose={() => {
          setFile(null);
          resetInput.current?.();
        }}
        onSaved={(result) => onChange(result.id)}
        onDelete={value ? () => setConfirming(true) : undefined}
      />
      <ConfirmModal
        opened={confirming}
        title={t('images.field.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={handleDelete}
        onCancel={() => setConfirming(false)}
        loading={deleting}
        danger
      >
        {t('images.field.deleteBody')}
      </ConfirmModal>
    </Input.Wrapper>
  );
}
