import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createVideoEmbed } from '../../../contracts/texts';
import { ApiError, call } from '../../lib/api';
import { AppModal } from '../modal/app-modal';
import { isServiceLink, isUsableEmbed } from './rules';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * E6: a button to a video service (Zoom, Teams, a replay…): its label and its link, which must start with
 * http://, https:// or this site's address; otherwise nothing is added.
 */
export function VideoButtonDialog({
  opened,
  onClose,
  onInsert,
}: DialogProps & { onInsert: (label: string, link: string) => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<{ label?: string; link?: string }>({});
  const close = () => {
    setLabel('');
    setLink('');
    setErrors({});
    onClose();
  };
  const submit = () => {
    const next = {
      label: label.trim() ? undefined : t('validation.required'),
      link: isServiceLink(link, window.location.origin) ? undefined : t('editor.video.invalidLink'),
    };
    setErrors(next);
    if (next.label || next.link) return;
    onInsert(label.trim(), link.trim());
    close();
  };
  return (
    <AppModal opened={opened} onClose={close} title={t('editor.video.buttonTitle')} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('editor.video.buttonLabel')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={errors.label}
            data-autofocus
          />
          <TextInput
            label={t('editor.video.buttonLink')}
            placeholder="https://"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={errors.link}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('editor.video.insert')}</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

/** E6: a YouTube or Vimeo link turned by the server into an embedded player, inserted when the answer is usable. */
export function VideoEmbedDialog({
  opened,
  onClose,
  onInsert,
}: DialogProps & { onInsert: (html: string) => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setUrl('');
    setError(undefined);
    onClose();
  };
  const submit = async () => {
    if (!url.trim()) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    try {
      const { html } = await call(createVideoEmbed, { body: { url: url.trim() } });
      if (isUsableEmbed(html)) {
        onInsert(html);
        close();
      } else {
        setError(t('editor.validation.videoLink'));
      }
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.find((f) => f.field === 'url') : undefined;
      setError(
        field?.message ??
          (failure instanceof ApiError && failure.title ? failure.title : t('errors.unexpected')),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal opened={opened} onClose={close} title={t('editor.video.embedTitle')} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('editor.video.embedLink')}
            description={t('editor.video.embedHelp')}
            placeholder={t('editor.video.embedPlaceholder')}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('editor.video.insert')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
