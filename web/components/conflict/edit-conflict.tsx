import { Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditConflict, editConflict } from '../../../contracts/edit-conflict';
import { intlLocale } from '../../../locales/catalogue';
import { ApiError } from '../../lib/api';
import { AppModal } from '../modal/app-modal';

/**
 * RS4 (docs/conflicts.md): the edit conflict a failed save carries (409 `conflict` with who saved and when), or null
 * for any other failure (a duplicate e-mail's 409 has no `savedAt`).
 */
export function editConflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'conflict') return null;
  const parsed = editConflict.safeParse(error.problem);
  return parsed.success ? parsed.data : null;
}

/** « 14 h 32 » / “2:32 p.m.”, with the date before it when it is not today, in the form's zone when it shows one. */
export function conflictTime(savedAt: string, lang: string, timeZone?: string, now = new Date()) {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }).format(d);
  const sameDay = day(new Date(savedAt)) === day(now);
  return new Intl.DateTimeFormat(intlLocale(lang), {
    ...(sameDay ? {} : { dateStyle: 'medium' }),
    timeStyle: 'short',
    timeZone,
  }).format(new Date(savedAt));
}

export interface ConflictDialogProps {
  conflict: EditConflict | null;
  /** The project's zone when the form shows times in it; else the browser's. */
  timeZone?: string;
  /** Reads the record again, the local edits discarded. */
  onReload: () => void;
  /** Closes the dialog, the form kept open with the local edits. */
  onCancel: () => void;
}

/**
 * The one conflict dialog of the edit forms: who saved in between and when, « Recharger » (the saved version, local
 * edits discarded) or « Annuler » (back to the form as it is). The focus opens on « Annuler », which loses nothing.
 */
export function ConflictDialog({ conflict, timeZone, onReload, onCancel }: ConflictDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <AppModal opened={conflict !== null} onClose={onCancel} title={t('conflicts.title')} size="md">
      {conflict && (
        <Stack gap="sm">
          <Text size="sm">
            {t('conflicts.savedMeanwhile', {
              name: conflict.savedBy.name ?? t('conflicts.someoneElse'),
              time: conflictTime(conflict.savedAt, i18n.language, timeZone),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('conflicts.reloadHint')}
          </Text>
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('conflicts.cancel')}
        </Button>
        <Button onClick={onReload}>{t('conflicts.reload')}</Button>
      </Group>
    </AppModal>
  );
}

/**
 * An edit form's conflict handling: give `onError` to useAppForm (or call it from a mutation's catch) and render
 * `dialog`. `reload` reads the record again (the form then starts from what was saved).
 */
export function useEditConflict(options: { reload: () => unknown; timeZone?: string }): {
  onError: (error: unknown) => boolean;
  dialog: ReactNode;
} {
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const onError = (error: unknown) => {
    const found = editConflictOf(error);
    if (found) setConflict(found);
    return found !== null;
  };
  const dialog = (
    <ConflictDialog
      conflict={conflict}
      timeZone={options.timeZone}
      onCancel={() => setConflict(null)}
      onReload={() => {
        setConflict(null);
        void options.reload();
      }}
    />
  );
  return { onError, dialog };
}
