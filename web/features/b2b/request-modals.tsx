import { Alert, Button, FileInput, Group, List, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type B2bRequest,
  b2bRequestInput,
  blockedPairInput,
  REQUEST_IMPORT_ACCEPT,
  type RequestImportResult,
  suggestInput,
} from '../../../contracts/b2b';
import { showError } from '../../components/feedback/error-dialog';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { useBlockPair, useImportRequests, useSaveRequest, useSuggestRequests } from './api';
import { PairSelects, PersonSelect } from './person-select';

interface SessionRef {
  projectId: string;
  sessionId: string;
  onClose: () => void;
}

/** Add or edit a request: who asks, whom, and how much it matters (1–5). */
export function RequestFormModal({
  projectId,
  sessionId,
  request,
  onClose,
}: SessionRef & { request: B2bRequest | null }) {
  const { t } = useTranslation();
  const save = useSaveRequest(projectId, sessionId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: b2bRequestInput,
    initialValues: {
      requesterId: request?.requester.id ?? '',
      requestedId: request?.requested.id ?? '',
      weight: request?.weight ?? 3,
    },
    submit: (body) => save.mutateAsync({ requestId: request?.id ?? null, body }),
    successMessage: t(request ? 'b2b.requests.saved' : 'b2b.requests.created'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      title={t(request ? 'b2b.requests.editTitle' : 'b2b.requests.addTitle')}
      dirty={dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PersonSelect
            projectId={projectId}
            sessionId={sessionId}
            initial={request?.requester}
            label={t('b2b.fields.requester')}
            required
            data-autofocus
            {...field('requesterId')}
            onChange={(v) => form.setFieldValue('requesterId', v ?? '')}
          />
          <PersonSelect
            projectId={projectId}
            sessionId={sessionId}
            initial={request?.requested}
            label={t('b2b.fields.requested')}
            required
            {...field('requestedId')}
            onChange={(v) => form.setFieldValue('requestedId', v ?? '')}
          />
          <NumberInput
            label={t('b2b.fields.weight')}
            description={t('b2b.fields.weightHelp')}
            min={1}
            max={5}
            allowDecimal={false}
            required
            {...field('weight')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{request ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** Block a pair: they are never requested by the suggestions nor placed together. */
export function BlockPairModal({ projectId, sessionId, onClose }: SessionRef) {
  const { t } = useTranslation();
  const block = useBlockPair(projectId, sessionId);
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: blockedPairInput,
    initialValues: { participantA: '', participantB: '' },
    submit: (body) => block.mutateAsync(body),
    successMessage: t('b2b.blocked.created'),
    onSaved: onClose,
  });
  return (
    <AppModal opened onClose={onClose} title={t('b2b.blocked.addTitle')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <PairSelects
            projectId={projectId}
            sessionId={sessionId}
            field={field}
            onChange={(name, v) => form.setFieldValue(name, v)}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('b2b.blocked.add')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** Requests from the questionnaire: each participant's best partners by score. */
export function SuggestModal({ projectId, sessionId, onClose }: SessionRef) {
  const { t } = useTranslation();
  const suggest = useSuggestRequests(projectId, sessionId);
  const { field, onSubmit, submitting } = useAppForm({
    schema: suggestInput,
    initialValues: { perPerson: 5 },
    submit: (body) => suggest.mutateAsync(body.perPerson),
    onSaved: (result) => {
      const r = result as { added: number; people: number };
      notifications.show({
        color: 'teal',
        message: t('b2b.suggest.done', { count: r.added, people: r.people }),
      });
      onClose();
    },
  });
  return (
    <AppModal opened onClose={onClose} title={t('b2b.suggest.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">{t('b2b.suggest.body')}</Text>
          <NumberInput
            label={t('b2b.suggest.perPerson')}
            min={1}
            max={50}
            allowDecimal={false}
            data-autofocus
            {...field('perPerson')}
          />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('b2b.suggest.run')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** Import requests from a file: a dry run listing a reason per refused line, then the save. */
export function ImportRequestsModal({ projectId, sessionId, onClose }: SessionRef) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RequestImportResult | null>(null);
  const run = useImportRequests(projectId, sessionId);
  const go = (save: boolean) => {
    if (!file) return;
    run.mutate(
      { file, save },
      {
        onSuccess: (r) => {
          if (save) {
            notifications.show({
              color: 'teal',
              message: t('b2b.import.saved', { count: r.added + r.updated }),
            });
            onClose();
          } else setResult(r);
        },
        onError: showError,
      },
    );
  };
  return (
    <AppModal opened onClose={onClose} title={t('b2b.import.title')} size="lg">
      <Stack>
        <Text size="sm">{t('b2b.import.help')}</Text>
        <FileInput
          label={t('b2b.import.file')}
          accept={REQUEST_IMPORT_ACCEPT}
          value={file}
          onChange={(f) => {
            setFile(f);
            setResult(null);
          }}
          clearable
          clearButtonProps={{ 'aria-label': t('common.clearFile') }}
          data-autofocus
        />
        {result && (
          <Alert color={result.refused.length ? 'yellow' : 'teal'} title={t('b2b.import.dryRunTitle')}>
            <Text size="sm">
              {t('b2b.import.summary', {
                added: number(result.added),
                updated: number(result.updated),
                unchanged: number(result.unchanged),
                refused: number(result.refused.length),
              })}
            </Text>
            {result.refused.length > 0 && (
              <List size="sm" mt="xs" aria-label={t('b2b.import.refusedLines')}>
                {result.refused.slice(0, 200).map((r) => (
                  <List.Item key={r.line}>
                    {t('b2b.import.line', { line: r.line, reasons: r.reasons.join(' ; ') })}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => go(false)}
            disabled={!file}
            loading={run.isPending && !result}
          >
            {t('b2b.import.dryRun')}
          </Button>
          <Button
            onClick={() => go(true)}
            disabled={!result || result.added + result.updated === 0}
            loading={run.isPending && !!result}
          >
            {t('b2b.import.save', { count: result ? result.added + result.updated : 0 })}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
