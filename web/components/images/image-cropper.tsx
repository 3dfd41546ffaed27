import { ActionIcon, Box, Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconRotate2,
  IconRotateClockwise2,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type Cropper from 'cropperjs';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePurpose, StoredImage } from '../../../contracts/files';
import { AppModal } from '../modal/app-modal';
import { saveErrorMessage, saveImage } from './api';
import {
  constrainBox,
  cropSpec,
  isTooSmall,
  MESSAGE_MS,
  MOVE_STEP,
  maxZoomRatio,
  ROTATE_STEP,
  sameBox,
  uploadSize,
  ZOOM_STEP,
} from './crop-rules';

export interface ImageCropperProps {
  opened: boolean;
  file: File | null;
  /**
   * Size of the saved image in pixels; height 0 = free height; width and height 0 = free. Image type 12 keeps the
   * width with a free ratio, the height a minimum; image type 14 is sent as chosen, without cropping.
   */
  target: { width: number; height: number; imageType?: number };
  purpose: ImagePurpose;
  projectId?: string;
  onClose: () => void;
  onSaved: (result: StoredImage) => void | Promise<void>;
  /** Shows « Supprimer »: the cropper closes, then this runs (e.g. to delete the current image). */
  onDelete?: () => void;
}

/** cropperjs and its stylesheet: a chunk of their own, loaded when a cropper first opens. */
async function loadCropper(): Promise<typeof Cropper> {
  const [module] = await Promise.all([import('cropperjs'), import('cropperjs/dist/cropper.css')]);
  return module.default;
}

/** An object URL for the chosen file, revoked when the file changes or the cropper goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * E8: the image cropper. A toolbar of eight round buttons (zoom out/in by 1 %, move by 10 pixels, turn by 5°), the
 * crop area on white, then Fermer / Supprimer / Enregistrer. The crop box keeps the target's ratio (unless free
 * height) and is never smaller than the target in pixels of the image; the server cuts the original to exactly the
 * target size. Image type 14 shows no cropper: the file is sent at once.
 */
export function ImageCropper(props: ImageCropperProps) {
  const spec = cropSpec(props.target);
  if (spec.asUploaded) return <AsUploaded {...props} />;
  return <CropperModal {...props} />;
}

/** A failed save's message, in red, gone after 5 seconds (spec 000 §9). */
function useFlashMessage() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

/** Image type 14: posts the chosen file as soon as it is given; the outcome shows as a notification. */
function AsUploaded({ opened, file, target, purpose, projectId, onClose, onSaved }: ImageCropperProps) {
  const { t } = useTranslation();
  const sent = useRef<File | null>(null);
  useEffect(() => {
    if (!opened || !file || sent.current === file) return;
    sent.current = file;
    saveImage({
      file,
      purpose,
      projectId,
      width: target.width,
      height: target.height,
      imageType: target.imageType,
    })
      .then(async (result) => {
        notifications.show({ color: 'teal', message: t('images.cropper.saved') });
        await onSaved(result);
      })
      .catch((error: unknown) => {
        notifications.show({ color: 'red', message: saveErrorMessage(error), autoClose: MESSAGE_MS });
      })
      .finally(onClose);
  }, [opened, file, target, purpose, projectId, onClose, onSaved, t]);
  return null;
}

function CropperModal({
  opened,
  file,
  target,
  purpose,
  projectId,
  onClose,
  onSaved,
  onDelete,
}: ImageCropperProps) {
  const { t } = useTranslation();
  const spec = cropSpec(target);
  const url = useObjectUrl(opened ? file : null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const cropper = useRef<Cropper | null>(null);
  const [ready, setReady] = useState(false);
  const [tooSmall, setTooSmall] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useFlashMessage();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one cropper per image element and size; spec is derived from them
  useEffect(() => {
    if (!image || !url) return;
    let cancelled = false;
    let adjusting = false;
    let isReady = false;
    setReady(false);
    setTooSmall(false);
    void loadCropper().then((CropperClass) => {
      if (cancelled) return;
      /** Keeps the crop box at least the target size, inside the (turned) image. */
      const constrain = (box: Cropper.Data) => {
        const canvas = instance.getCanvasData();
        const picture = instance.getImageData();
        const scale = picture.width / picture.naturalWidth;
        const next = constrainBox(box, spec, { width: canvas.width / scale, height: canvas.height / scale });
        if (sameBox(box, next)) return;
        adjusting = true;
        instance.setData(next);
        adjusting = false;
      };
      const instance: Cropper = new CropperClass(image, {
        viewMode: 1,
        dragMode: 'move',
        aspectRatio: spec.aspectRatio,
        autoCropArea: 1,
        // The browser already shows the photo upright; the server turns it the same way before cutting.
        checkOrientation: false,
        background: false,
        restore: false,
        toggleDragModeOnDblclick: false,
        ready() {
          const { naturalWidth, naturalHeight } = instance.getImageData();
          setTooSmall(isTooSmall({ width: naturalWidth, height: naturalHeight }, spec));
          isReady = true;
          setReady(true);
          constrain(instance.getData());
        },
        crop(event) {
          if (!adjusting && isReady) constrain(event.detail);
        },
        zoom(event) {
          const { ratio, oldRatio } = event.detail;
          if (ratio > oldRatio && ratio > maxZoomRatio(spec, instance.getContainerData()))
            event.preventDefault();
        },
      });
      cropper.current = instance;
    });
    return () => {
      cancelled = true;
      cropper.current?.destroy();
      cropper.current = null;
    };
  }, [image, url, spec.width, spec.height, spec.freeHeight, spec.free]);

  const act = (action: (c: Cropper) => void) => () => {
    if (cropper.current && ready) action(cropper.current);
  };

  async function handleSave() {
    if (!file) return;
    setSaving(true);
    setMessage(null);
    try {
      const data = cropper.current && ready ? cropper.current.getData(true) : null;
      const result = await saveImage({
        file,
        purpose,
        projectId,
        ...uploadSize(spec, target.imageType),
        imageType: target.imageType,
        crop: data
          ? { x: data.x, y: data.y, width: data.width, height: data.height, rotate: data.rotate }
          : undefined,
      });
      notifications.show({ color: 'teal', message: t('images.cropper.saved') });
      await onSaved(result);
      onClose();
    } catch (error) {
      setMessage(saveErrorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const tools: { label: string; icon: ReactNode; run: (c: Cropper) => void }[] = [
    { label: t('images.cropper.zoomOut'), icon: <IconZoomOut size={18} />, run: (c) => c.zoom(-ZOOM_STEP) },
    { label: t('images.cropper.zoomIn'), icon: <IconZoomIn size={18} />, run: (c) => c.zoom(ZOOM_STEP) },
    {
      label: t('images.cropper.moveLeft'),
      icon: <IconArrowLeft size={18} />,
      run: (c) => c.move(-MOVE_STEP, 0),
    },
    {
      label: t('images.cropper.moveRight'),
      icon: <IconArrowRight size={18} />,
      run: (c) => c.move(MOVE_STEP, 0),
    },
    { label: t('images.cropper.moveUp'), icon: <IconArrowUp size={18} />, run: (c) => c.move(0, -MOVE_STEP) },
    {
      label: t('images.cropper.moveDown'),
      icon: <IconArrowDown size={18} />,
      run: (c) => c.move(0, MOVE_STEP),
    },
    {
      label: t('images.cropper.rotateLeft'),
      icon: <IconRotate2 size={18} />,
      run: (c) => c.rotate(-ROTATE_STEP),
    },
    {
      label: t('images.cropper.rotateRight'),
      icon: <IconRotateClockwise2 size={18} />,
      run: (c) => c.rotate(ROTATE_STEP),
    },
  ];

  const sizeText = spec.free
    ? t('images.cropper.free')
    : spec.freeHeight
      ? t('images.cropper.freeHeight', { width: spec.width, height: spec.height })
      : t('images.cropper.targetSize', { width: spec.width, height: spec.height });
  const tooSmallText = t('images.errors.tooSmall', { width: spec.width, height: spec.height });

  return (
    <AppModal opened={opened} onClose={onClose} title={t('images.cropper.title')} size="xl">
      <Stack gap="sm">
        <Group gap="xs" role="toolbar" aria-label={t('images.cropper.toolbar')} justify="center">
          {tools.map((tool) => (
            <Tooltip key={tool.label} label={tool.label} withinPortal={false}>
              <ActionIcon
                radius="xl"
                size="lg"
                variant="light"
                aria-label={tool.label}
                onClick={act(tool.run)}
                disabled={!ready || saving}
              >
                {tool.icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <Box
          bg="white"
          h={420}
          pos="relative"
          style={{ overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          {url && <img ref={setImage} src={url} alt="" style={{ display: 'block', maxWidth: '100%' }} />}
          {!ready && url && (
            <Loader
              size="sm"
              pos="absolute"
              top="50%"
              left="50%"
              style={{ transform: 'translate(-50%, -50%)' }}
            />
          )}
        </Box>
        <Text size="sm" c="dimmed">
          {sizeText}
        </Text>
        {(tooSmall || message) && (
          <Text size="sm" c="red" role="alert">
            {tooSmall ? tooSmallText : message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('images.cropper.close')}
          </Button>
          {onDelete && (
            <Button
              color="red"
              variant="light"
              disabled={saving}
              onClick={() => {
                onClose();
                onDelete();
              }}
            >
              {t('images.cropper.delete')}
            </Button>
          )}
          <Button onClick={handleSave} loading={saving} disabled={!file || tooSmall}>
            {t('images.cropper.save')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
