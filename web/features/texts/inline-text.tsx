import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import type { TextEntry } from '../../../contracts/texts';
import { showError } from '../../components/feedback/error-dialog';
import { RichTextView } from '../../components/rich-text';
import { ApiError } from '../../lib/api';
import { textQuery, useSaveTextLanguage } from './api';
import { TextField } from './text-field';

export interface InlineTextProps {
  kind: string;
  ownerId: string;
  /** The language shown and saved. */
  language: Language;
  projectId?: string;
  /** What a click target says when the text is empty. */
  emptyLabel: string;
}

/**
 * E1: an editable text shown in place; a click opens the editor where it stands, with a cancel and save footer.
 * Cancel puts back the text as it was when editing began; save writes this language only; a failure shows the
 * error and keeps the editor open. A read-only text does not open.
 */
export function InlineText({ kind, ownerId, language, projectId, emptyLabel }: InlineTextProps) {
  const { data: entry } = useQuery(textQuery(kind, ownerId));
  const [editing, setEditing] = useState<string | null>(null);
  if (!entry) return null;
  const text = entry.text[language];
  if (editing !== null) {
    return (
      <InlineEditor
        entry={entry}
        language={language}
        initial={editing}
        projectId={projectId}
        onClose={() => setEditing(null)}
      />
    );
  }
  const open = () => setEditing(text);
  const content = text ? (
    entry.format === 'rich' ? (
      <RichTextView html={text} />
    ) : (
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    )
  ) : (
    <Text c="dimmed" fs="italic">
      {emptyLabel}
    </Text>
  );
  if (entry.readOnly) return <Box data-testid="inline-text">{content}</Box>;
  return (
    <Box
      data-testid="inline-text"
      role="button"
      tabIndex={0}
      aria-label={emptyLabel}
      onClick={(event) => {
        // A link inside the text still works.
        if ((event.target as HTMLElement).closest('a')) return;
        open();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open();
        }
      }}
      style={{
        cursor: 'text',
        borderRadius: 'var(--mantine-radius-sm)',
        outline: '1px dashed var(--mantine-color-gray-4)',
        outlineOffset: 6,
      }}
    >
      {content}
    </Box>
  );
}

function InlineEditor({
  entry,
  language,
  initial,
  projectId,
  onClose,
}: {
  entry: TextEntry;
  language: Language;
  initial: string;
  projectId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTextLanguage(entry.kind, entry.ownerId);
  const [value, setValue] = useState(initial);
  const [tooLong, setTooLong] = useState(false);
  const [error, setError] = useState<string>();
  const onValidity = useCallback((over: boolean) => setTooLong(over), []);

  async function submit() {
    if (tooLong) return;
    setError(undefined);
    try {
      await save.mutateAsync({ language, text: value });
      onClose();
    } catch (failure) {
      const field = failure instanceof ApiError && failure.isValidation ? failure.fields[0] : undefined;
      if (field) setError(field.message);
      else showError(failure);
    }
  }

  return (
    <Stack gap="xs" data-testid="inline-editor">
      <TextField
        entry={entry}
        value={value}
        onChange={setValue}
        onValidityChange={onValidity}
        projectId={projectId}
        error={error}
        autoFocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button size="xs" onClick={() => void submit()} loading={save.isPending} disabled={tooLong}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}
