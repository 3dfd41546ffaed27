import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { isEmptyText, type TextEntry } from '../../../contracts/texts';
import { showError } from '../../components/feedback/error-dialog';
import { AppModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { useSaveTextBoth } from './api';
import { TextField } from './text-field';

const LANGUAGES: Language[] = ['fr', 'en'];

/**
 * E2: the modal editor of a text: one editor per language, side by side, saved together. On success the modal
 * closes, the page shows the new text (the query cache is written back) and a notice says so. The caller does not
 * open it for a read-only text.
 */
export function TextEditModal({
  entry,
  title,
  opened,
  onClose,
  projectId,
}: {
  entry: TextEntry;
  title: string;
  opened: boolean;
  onClose: () => void;
  projectId?: string;
}) {
  // P7: closing with changes not saved asks to quit or stay.
  const [dirty, setDirty] = useState(false);
  const close = () => {
    setDirty(false);
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={title} size="xl" dirty={dirty}>
      {opened && <TextEditForm entry={entry} onDone={close} onDirtyChange={setDirty} projectId={projectId} />}
    </AppModal>
  );
}

/** A language changed since the modal opened (an editor writing `<p></p>` for an empty text is no change). */
const changed = (before: string, after: string) =>
  before !== after && !(isEmptyText(before) && isEmptyText(after));

function TextEditForm({
  entry,
  onDone,
  onDirtyChange,
  projectId,
}: {
  entry: TextEntry;
  onDone: () => void;
  onDirtyChange: (dirty: boolean) => void;
  projectId?: string;
}) {
  const { t } = useTranslation();
  const save = useSaveTextBoth(entry.kind, entry.ownerId);
  const [values, setValues] = useState({ ...entry.text });
  const [tooLong, setTooLong] = useState<Record<Language, boolean>>({ fr: false, en: false });
  const [errors, setErrors] = useState<Partial<Record<Language, string>>>({});
  const blocked = tooLong.fr || tooLong.en;
  const dirty = changed(entry.text.fr, values.fr) || changed(entry.text.en, values.en);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const validity = {
    fr: useCallback((over: boolean) => setTooLong((v) => ({ ...v, fr: over })), []),
    en: useCallback((over: boolean) => setTooLong((v) => ({ ...v, en: over })), []),
  };

  async function submit() {
    if (blocked) return;
    setErrors({});
    try {
      await save.mutateAsync(values);
      notifications.show({ color: 'teal', message: t('texts.modal.saved') });
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError && error.isValidation ? error.fields : [];
      if (fields.length > 0 && fields.every((f) => f.field === 'fr' || f.field === 'en')) {
        setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      } else {
        showError(error);
      }
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              entry={entry}
              value={values[language]}
              onChange={(text) => setValues((v) => ({ ...v, [language]: text }))}
              onValidityChange={validity[language]}
              projectId={projectId}
              label={t(`languages.${language}`)}
              error={errors[language]}
              autoFocus={language === 'fr'}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={blocked}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
