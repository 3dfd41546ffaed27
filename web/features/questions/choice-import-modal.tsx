import { Button, FileInput, Group, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHOICE_IMPORT_ACCEPT, type ChoiceImportResult } from '../../../contracts/questions';
import { AppModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { importChoiceList, questionKeys } from './api';

/**
 * Q1: choices from a pasted list or a CSV/Excel file (one choice a line, French then English), previewed by the
 * server before anything is saved; the save adds exactly what the preview showed.
 */
export function ChoiceImportModal({
  projectId,
  questionId,
  onClose,
}: {
  projectId: string;
  questionId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'text' | 'file'>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ChoiceImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = mode === 'file' && file ? { file } : { text };
  const ready = mode === 'file' ? Boolean(file) : text.trim().length > 0;

  async function run(save: boolean) {
    setBusy(true);
    setError(null);
    try {
      const result = await importChoiceList(projectId, questionId, source, save);
      if (save) {
        notifications.show({ color: 'green', message: t('questions.import.saved', { count: result.saved }) });
        await queryClient.invalidateQueries({ queryKey: questionKeys.all });
        onClose();
      } else setPreview(result);
    } catch (e) {
      if (e instanceof ApiError && e.isValidation) setError(e.fields[0].message);
      else throw e;
    } finally {
      setBusy(false);
    }
  }

  const reset = () => setPreview(null);
  return (
    <AppModal opened onClose={onClose} title={t('questions.import.title')} size="lg" dirty={ready}>
      <Stack>
        <Text size="sm">{t('questions.import.intro')}</Text>
        <Tabs
          value={mode}
          onChange={(v) => {
            setMode((v as 'text' | 'file') ?? 'text');
            reset();
          }}
        >
          <Tabs.List aria-label={t('questions.import.title')}>
            <Tabs.Tab value="text">{t('questions.import.paste')}</Tabs.Tab>
            <Tabs.Tab value="file">{t('questions.import.file')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="text" pt="sm">
            <Textarea
              label={t('questions.import.textLabel')}
              autosize
              minRows={6}
              maxRows={14}
              value={text}
              error={mode === 'text' ? error : undefined}
              onChange={(e) => {
                setText(e.currentTarget.value);
                reset();
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="file" pt="sm">
            <FileInput
              label={t('questions.import.fileLabel')}
              accept={CHOICE_IMPORT_ACCEPT}
              value={file}
              error={mode === 'file' ? error : undefined}
              onChange={(f) => {
                setFile(f);
                reset();
              }}
              clearable
            />
          </Tabs.Panel>
        </Tabs>
        {preview && (
          <Stack gap="xs" data-testid="choice-import-preview">
            <Text fw={600}>{t('questions.import.previewTitle', { count: preview.rows.length })}</Text>
            {preview.rows.length > 0 && (
              <Table withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('questions.import.line')}</Table.Th>
                    <Table.Th>{t('questions.fields.labelFr')}</Table.Th>
                    <Table.Th>{t('questions.fields.labelEn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{row.label.fr}</Table.Td>
                      <Table.Td>{row.label.en}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {preview.skipped.map((s) => (
              <Text key={s.line} size="sm">
                {t(`questions.import.skipped.${s.reason}`, { line: s.line })}
              </Text>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {preview ? (
            <Button onClick={() => void run(true)} loading={busy} disabled={preview.rows.length === 0}>
              {t('questions.import.save', { count: preview.rows.length })}
            </Button>
          ) : (
            <Button onClick={() => void run(false)} loading={busy} disabled={!ready}>
              {t('questions.import.preview')}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
