import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChartBar,
  IconListCheck,
  IconPlus,
  IconScale,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuestionSummary } from '../../../contracts/questions';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { SortableList } from '../../components/sortable/sortable-list';
import { usePageTitle } from '../../lib/page-title';
import {
  questionKeys,
  questionListQuery,
  saveQuestionOrder,
  useDeleteQuestion,
  useSetQuestionStatus,
} from './api';
import { QuestionCreateModal } from './question-create-modal';

type Dialog =
  | { kind: 'create' }
  | { kind: 'archive'; question: QuestionSummary }
  | { kind: 'delete'; question: QuestionSummary }
  | null;

/** Q1: the questionnaire of a project: order by drag or keyboard, add, archive, delete. */
export function QuestionListPage() {
  const { t, i18n } = useTranslation();
  const { projectId } = useParams({ from: '/app/projects/$projectId/questions' });
  usePageTitle(t('questions.title'));
  const [showArchived, setShowArchived] = useState(false);
  // Every question is loaded (archived ones too) so that an order saved while they are hidden keeps them.
  const query = useQuery(questionListQuery(projectId, true));
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [created, setCreated] = useState<string | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (created)
      void navigate({
        to: '/projects/$projectId/questions/$questionId',
        params: { projectId, questionId: created },
        search: { tab: 'choices' },
      });
  }, [created, navigate, projectId]);
  const english = i18n.language === 'en';
  const titleOf = (q: QuestionSummary) => (english ? q.title.en : q.title.fr);
  const all = query.data?.items ?? [];
  const archivedIds = all.filter((q) => q.status === 'archived').map((q) => q.id);
  const items = useMemo(
    () =>
      (query.data?.items ?? [])
        .filter((q) => showArchived || q.status === 'active')
        .map((q) => ({ ...q, label: english ? q.title.en : q.title.fr })),
    [query.data, showArchived, english],
  );

  return (
    <Stack maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('questions.title')}
        </Title>
        <Group>
          <ButtonTo
            variant="default"
            leftSection={<IconScale size={16} />}
            to="/projects/$projectId/questions/weights"
            params={{ projectId }}
          >
            {t('questions.weights.link')}
          </ButtonTo>
          <ButtonTo
            variant="default"
            leftSection={<IconChartBar size={16} />}
            to="/projects/$projectId/questions/scores"
            params={{ projectId }}
          >
            {t('scores.open')}
          </ButtonTo>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
            {t('questions.create')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        {t('questions.intro')}
      </Text>
      <Switch
        label={t('questions.showArchived')}
        checked={showArchived}
        onChange={(e) => setShowArchived(e.currentTarget.checked)}
      />
      {query.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : query.isError ? (
        <Group>
          <Text>{t('errors.unexpected')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="questions-empty">
          <Stack align="center" gap="sm">
            <IconListCheck size={32} aria-hidden />
            <Text>{t('questions.empty')}</Text>
          </Stack>
        </Paper>
      ) : (
        <SortableList
          label={t('questions.listTitle')}
          items={items}
          onSave={(order) =>
            saveQuestionOrder(projectId, [
              ...order.items,
              ...(showArchived ? [] : archivedIds.filter((id) => !order.items.includes(id))),
            ])
          }
          onReload={() => queryClient.invalidateQueries({ queryKey: questionKeys.all })}
          renderItem={(q) => (
            <Group justify="space-between" wrap="nowrap" data-testid="question-row">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <AnchorTo
                    to="/projects/$projectId/questions/$questionId"
                    params={{ projectId, questionId: q.id }}
                    fw={600}
                  >
                    {q.label}
                  </AnchorTo>
                  {q.status === 'archived' && (
                    <Badge size="sm" color="gray" variant="light">
                      {t('questions.archivedBadge')}
                    </Badge>
                  )}
                  {q.linkedQuestionId && (
                    <Badge size="sm" variant="light" color="grape">
                      {t('questions.linkedBadge')}
                    </Badge>
                  )}
                  {!q.usedForMatching && (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('questions.notForMatching')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t(`questions.kinds.${q.kind}`)} · {t('questions.choiceCount', { count: q.choiceCount })} ·{' '}
                  {t('questions.answerCount', { count: q.answerCount })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={t(
                    q.status === 'archived' ? 'questions.unarchiveNamed' : 'questions.archiveNamed',
                    {
                      name: q.label,
                    },
                  )}
                  onClick={() => setDialog({ kind: 'archive', question: q })}
                >
                  {q.status === 'archived' ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('questions.deleteNamed', { name: q.label })}
                  onClick={() => setDialog({ kind: 'delete', question: q })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          )}
        />
      )}
      {dialog?.kind === 'create' && (
        <QuestionCreateModal
          projectId={projectId}
          onClose={() => setDialog(null)}
          onCreated={(id) => {
            setDialog(null);
            setCreated(id);
          }}
        />
      )}
      {dialog?.kind === 'archive' && (
        <ArchiveConfirm
          projectId={projectId}
          question={dialog.question}
          title={titleOf(dialog.question)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteConfirm
          projectId={projectId}
          question={dialog.question}
          title={titleOf(dialog.question)}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** Archive or unarchive a question, confirmed. Also used on the edition page. */
export function ArchiveConfirm({
  projectId,
  question,
  title,
  onClose,
}: {
  projectId: string;
  question: Pick<QuestionSummary, 'id' | 'status'>;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const setStatus = useSetQuestionStatus(projectId);
  const archiving = question.status === 'active';
  return (
    <ConfirmModal
      opened
      title={t(archiving ? 'questions.archiveTitle' : 'questions.unarchiveTitle')}
      confirmLabel={t(archiving ? 'questions.archive' : 'questions.unarchive')}
      loading={setStatus.isPending}
      onCancel={onClose}
      onConfirm={() =>
        setStatus.mutate(
          { questionId: question.id, status: archiving ? 'archived' : 'active' },
          { onSuccess: onClose },
        )
      }
    >
      {t(archiving ? 'questions.archiveText' : 'questions.unarchiveText', { name: title })}
    </ConfirmModal>
  );
}

function DeleteConfirm({
  projectId,
  question,
  title,
  onClose,
}: {
  projectId: string;
  question: QuestionSummary;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteQuestion(projectId);
  return (
    <ConfirmModal
      opened
      danger
      title={t('questions.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => remove.mutate(question.id, { onSuccess: onClose })}
    >
      {t('questions.deleteText', { name: title, count: question.answerCount })}
    </ConfirmModal>
  );
}
