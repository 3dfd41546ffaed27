import { Alert, Button, Group, Loader, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linkedQuestionInput, type QuestionDetail } from '../../../contracts/questions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { usePageTitle } from '../../lib/page-title';
import { questionQuery, useQuestionEdits } from './api';
import { AudienceTab } from './audience-tab';
import { ChoicesTab } from './choices-tab';
import { PairingTab, PermissionsTab } from './pairing-permissions-tabs';
import { ArchiveConfirm } from './question-list-page';
import { QuestionTitleFields } from './question-title-fields';
import { SettingsTab } from './settings-tab';
import { StandardValuesTab } from './standard-values-tab';
import { QUESTION_TABS, type QuestionTab } from './tabs';

export interface QuestionTabProps {
  projectId: string;
  question: QuestionDetail;
}

const TABS: Record<QuestionTab, (props: QuestionTabProps) => React.ReactNode> = {
  settings: SettingsTab,
  pairing: PairingTab,
  permissions: PermissionsTab,
  choices: ChoicesTab,
  standardValues: StandardValuesTab,
  groups: (props) => <AudienceTab {...props} kind="groups" />,
  roles: (props) => <AudienceTab {...props} kind="roles" />,
};

/** Q1: a question's edition, its tab in the URL; the archive switch and the linked question above the tabs. */
export function QuestionEditPage() {
  const { t, i18n } = useTranslation();
  const from = '/app/projects/$projectId/questions/$questionId';
  const { projectId, questionId } = useParams({ from });
  const { tab = 'settings' } = useSearch({ from });
  const navigate = useNavigate();
  const query = useQuery(questionQuery(projectId, questionId));
  const [dialog, setDialog] = useState<'archive' | 'linked' | null>(null);
  // The linked question just created opens once its modal has closed (a dirty modal blocks navigation).
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (created)
      void navigate({
        to: '/projects/$projectId/questions/$questionId',
        params: { projectId, questionId: created },
        search: { tab: 'choices' },
      });
  }, [created, navigate, projectId]);
  const english = i18n.language === 'en';
  const question = query.data;
  const title = question ? (english ? question.title.en : question.title.fr) : t('questions.edition.title');
  usePageTitle(title);
  const Tab = TABS[tab];

  return (
    <Stack maw={960} gap="sm">
      <AnchorTo to="/projects/$projectId/questions" params={{ projectId }} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('questions.edition.back')}
        </Group>
      </AnchorTo>
      <Title order={1} size="h2">
        {title}
      </Title>
      {query.isPending ? (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      ) : !question ? (
        <Text c="red">{t('questions.edition.notFound')}</Text>
      ) : (
        <>
          <Group justify="space-between">
            <Switch
              label={t('questions.edition.archived')}
              checked={question.status === 'archived'}
              onChange={() => setDialog('archive')}
            />
            {question.linkedQuestion ? (
              <Group gap={4}>
                <IconLink size={16} aria-hidden />
                <Text size="sm">{t('questions.edition.linkedTo')}</Text>
                <AnchorTo
                  to="/projects/$projectId/questions/$questionId"
                  params={{ projectId, questionId: question.linkedQuestion.id }}
                  search={{ tab: 'choices' }}
                  size="sm"
                >
                  {english ? question.linkedQuestion.title.en : question.linkedQuestion.title.fr}
                </AnchorTo>
              </Group>
            ) : (
              <Button
                variant="default"
                leftSection={<IconLink size={16} />}
                onClick={() => setDialog('linked')}
              >
                {t('questions.linked.create')}
              </Button>
            )}
          </Group>
          {question.status === 'archived' && (
            <Alert color="gray">{t('questions.edition.archivedNotice')}</Alert>
          )}
          <Tabs
            value={tab}
            keepMounted={false}
            onChange={(next) =>
              void navigate({
                to: '/projects/$projectId/questions/$questionId',
                params: { projectId, questionId },
                search: { tab: next as QuestionTab },
              })
            }
          >
            <Tabs.List mb="md" aria-label={t('questions.edition.tabsLabel')}>
              {QUESTION_TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {t(`questions.edition.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={tab}>
              {/* RS4: a tab is drawn anew from each version saved (after its own save, or a reload after a conflict). */}
              <Tab key={`${question.id}:${question.version}`} projectId={projectId} question={question} />
            </Tabs.Panel>
          </Tabs>
          {dialog === 'archive' && (
            <ArchiveConfirm
              projectId={projectId}
              question={question}
              title={title}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog === 'linked' && (
            <LinkedQuestionModal
              projectId={projectId}
              question={question}
              onClose={() => setDialog(null)}
              onCreated={(id) => {
                setDialog(null);
                setCreated(id);
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** Creates the linked question (« Ce que je cherche » for « Ce que j'offre »): its titles; the choices are mirrored. */
function LinkedQuestionModal({
  projectId,
  question,
  onClose,
  onCreated,
}: QuestionTabProps & { onClose: () => void; onCreated: (questionId: string) => void }) {
  const { t } = useTranslation();
  const edits = useQuestionEdits(projectId, question.id);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: linkedQuestionInput,
    initialValues: { title: { fr: '', en: '' } },
    submit: (body) => edits.linked.mutateAsync(body),
    successMessage: t('questions.linked.created'),
    onSaved: (linked) => onCreated((linked as { id: string }).id),
  });
  return (
    <AppModal opened onClose={onClose} title={t('questions.linked.title')} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm">{t('questions.linked.intro', { count: question.choices.length })}</Text>
          <QuestionTitleFields field={field} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
