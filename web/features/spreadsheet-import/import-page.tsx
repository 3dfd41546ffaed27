import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_ACCEPT } from '../../../contracts/spreadsheet-import';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { importQuery, useImportStep, useUploadImport } from './api';
import { DryRun } from './dry-run';
import type { ImportKindUi, ImportView } from './kind';
import { MappingStep } from './mapping-step';
import { RetentionNote } from './retention-note';

/**
 * An import page of any kind (participants U3, activities V1) from an .xlsx or CSV file: upload, mapping, dry run,
 * confirmation, save. What differs is the kind's (`ImportKindUi`).
 */
export function ImportPage({ kind }: { kind: ImportKindUi }) {
  const { t } = useTranslation();
  const texts = kind.texts(t);
  usePageTitle(texts.title);
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const [importId, setImportId] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {texts.title}
        </Title>
        <AnchorTo to={kind.list} params={{ projectId }}>
          {texts.back}
        </AnchorTo>
      </Group>
      {importId ? (
        <KindImportSteps
          kind={kind}
          projectId={projectId}
          importId={importId}
          onRestart={() => setImportId(null)}
        />
      ) : (
        <UploadStep kind={kind} projectId={projectId} onUploaded={setImportId} />
      )}
    </Stack>
  );
}

function errorText(error: unknown) {
  if (!(error instanceof ApiError)) return null;
  return error.fields?.[0]?.message ?? error.message;
}

function UploadStep({
  kind,
  projectId,
  onUploaded,
}: {
  kind: ImportKindUi;
  projectId: string;
  onUploaded: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const send = useUploadImport(kind, projectId);
  return (
    <Stack gap="sm" maw={560}>
      <Text>{kind.texts(t).intro}</Text>
      <RetentionNote projectId={projectId} />
      <FileInput
        label={t('participantImport.upload.file')}
        placeholder={t('participantImport.upload.placeholder')}
        accept={IMPORT_ACCEPT}
        value={file}
        onChange={setFile}
        leftSection={<IconUpload size={16} />}
        error={errorText(send.error)}
        clearable
        clearButtonProps={{ 'aria-label': t('common.clearFile') }}
      />
      <Group>
        <Button
          disabled={!file}
          loading={send.isPending}
          onClick={() => file && send.mutate(file, { onSuccess: (r) => onUploaded(r.id) })}
        >
          {t('participantImport.upload.send')}
        </Button>
        <Anchor href={kind.templateUrl(projectId)} download>
          <Group gap={4}>
            <IconDownload size={16} />
            {t('participantImport.upload.template')}
          </Group>
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The steps of an uploaded import: mapping, dry run, save; « Import expiré » once its retention is over. */
export function KindImportSteps({
  kind,
  projectId,
  importId,
  onRestart,
}: {
  kind: ImportKindUi;
  projectId: string;
  importId: string;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const texts = kind.texts(t);
  const [page, setPage] = useState(1);
  const [problems, setProblems] = useState(false);
  const [remapping, setRemapping] = useState(false);
  const query = useQuery(importQuery(kind, projectId, importId, page, problems));
  const queryClient = useQueryClient();
  const steps = useImportStep(kind, projectId, importId);
  const refresh = (data: ImportView) => {
    queryClient.setQueryData(importQuery(kind, projectId, importId, page, problems).queryKey, data);
    void queryClient.invalidateQueries({ queryKey: [kind.key, projectId, importId] });
  };
  const data = query.data;
  if (data === null) {
    return (
      <Alert color="yellow" title={t('participantImport.expired.title')} maw={560}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('participantImport.expired.text')}</Text>
          <Button variant="default" onClick={onRestart}>
            {t('participantImport.expired.again')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!data) return null;

  if (data.status === 'analysing' || data.status === 'saving') {
    return (
      <Stack gap="xs" maw={560}>
        <Text>{t(`participantImport.progress.${data.status}`)}</Text>
        <Progress
          value={data.progress}
          size="lg"
          aria-label={t(`participantImport.progress.${data.status}`)}
        />
      </Stack>
    );
  }
  if (data.status === 'uploaded' || remapping) {
    return (
      <MappingStep
        data={data}
        busy={steps.mapping.isPending || steps.dryRun.isPending}
        error={errorText(steps.mapping.error ?? steps.dryRun.error)}
        onRestart={onRestart}
        onAnalyse={async (mapping) => {
          await steps.mapping.mutateAsync(mapping);
          const started = await steps.dryRun.mutateAsync();
          setRemapping(false);
          setPage(1);
          refresh(started);
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      {data.status === 'failed' && (
        <Alert color="red">{t('participantImport.failed', { error: data.error ?? '' })}</Alert>
      )}
      {data.status === 'done' ? (
        <Alert color="green" title={t('participantImport.done.title')}>
          <Stack gap="xs">
            <Text>
              {[
                texts.doneCreate(data.summary.create),
                ...(['update', 'unchanged', 'skip'] as const).map((action) =>
                  t(`participantImport.done.${action}`, { count: data.summary[action] }),
                ),
              ].join(', ')}
            </Text>
            <AnchorTo to={kind.list} params={{ projectId }}>
              {texts.doneList}
            </AnchorTo>
          </Stack>
        </Alert>
      ) : (
        <Title order={2} size="h3">
          {t('participantImport.dryRun.title')}
        </Title>
      )}
      <DryRun
        kind={kind}
        data={data}
        projectId={projectId}
        problems={problems}
        onProblems={(on) => {
          setProblems(on);
          setPage(1);
        }}
        page={page}
        onPage={setPage}
      />
      <RetentionNote projectId={projectId} />
      {data.status !== 'done' && (
        <Group>
          <Button variant="default" onClick={() => setRemapping(true)}>
            {t('participantImport.dryRun.remap')}
          </Button>
          <SaveButton kind={kind} data={data} onSave={(send) => steps.save.mutateAsync(send).then(refresh)} />
        </Group>
      )}
    </Stack>
  );
}

function SaveButton({
  kind,
  data,
  onSave,
}: {
  kind: ImportKindUi;
  data: ImportView;
  onSave: (send: boolean) => Promise<void>;
}) {
  const { t } = useTranslation();
  const texts = kind.texts(t);
  const [open, setOpen] = useState(false);
  const [send, setSend] = useState(false);
  const [saving, setSaving] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={data.summary.create + data.summary.update === 0}>
        {t('participantImport.dryRun.save')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('participantImport.confirm.title')}
        confirmLabel={t('participantImport.confirm.confirm')}
        loading={saving}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setSaving(true);
          void onSave(send).finally(() => {
            setSaving(false);
            setOpen(false);
          });
        }}
      >
        <Stack gap="sm">
          <Text>
            {texts.confirmCreate(data.summary.create)} {texts.confirmUpdate(data.summary.update)}{' '}
            {t('participantImport.confirm.skipped')}
          </Text>
          <Alert color="yellow">{t('participantImport.confirm.warning')}</Alert>
          {kind.sendInscription && (
            <Checkbox
              label={t('participantImport.confirm.sendInscription')}
              checked={send}
              onChange={(e) => setSend(e.currentTarget.checked)}
            />
          )}
        </Stack>
      </ConfirmModal>
    </>
  );
}
