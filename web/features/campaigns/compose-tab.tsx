import { Button, Checkbox, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateTime } from '../../../contracts/activities';
import type { CampaignInput } from '../../../contracts/campaigns';
import type { Language } from '../../../contracts/http';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { LocalDateTimeField } from '../activities/local-date-time-field';
import { TemplateImport } from '../mail-templates/template-import';
import { projectQuery } from '../projects/api';
import { useCountRecipients, useCreateCampaign } from './api';
import { type Audience, AudienceFields } from './audience-fields';
import { useFieldErrors } from './field-errors';
import { type Bilingual, MessageFields, type OpenEditors } from './message-fields';
import { MessageTypeSelect, type Preset } from './message-type';
import { SendConfirmModal, type SendCount, useLocalDateTime } from './send-confirm-modal';
import { TestSend } from './test-send';

interface Draft {
  messageType: number;
  audience: Audience;
  transactional: boolean;
  subject: Bilingual;
  body: Bilingual;
  plan: boolean;
  plannedAt: string | null;
}

/** A new message: to every participant, or (C1's buyers page) to every buyer. */
const emptyDraft = (buyers: boolean): Draft => ({
  messageType: 0,
  audience: {
    activityId: null,
    notSubscribed: false,
    groupId: null,
    groupInverse: false,
    criteria: [],
    buyers,
    paymentId: null,
  },
  transactional: false,
  subject: { fr: '', en: '' },
  body: { fr: '', en: '' },
  plan: false,
  plannedAt: null,
});

/** The send asked for, between the count and the confirmation. */
interface Pending {
  count: SendCount;
  input: CampaignInput;
  unreadableDate: boolean;
}

/**
 * C1, C2: write a message in both languages, choose who receives it, test it, then send it now or plan it. Sending
 * and testing are refused while a text editor is open; the send asks for a confirmation giving the number of
 * recipients, and its button stays disabled from the click until the send is done or the confirmation cancelled.
 */
export function ComposeTab({
  projectId,
  onSent,
  buyers = false,
}: {
  projectId: string;
  onSent: (campaignId: string) => void;
  /** C1's buyers page: the message goes to the people who bought (a payment, or any). */
  buyers?: boolean;
}) {
  const { t } = useTranslation();
  const project = useQuery(projectQuery(projectId));
  const timeZone = project.data?.timeZone;
  const local = useLocalDateTime();
  const [empty] = useState(() => emptyDraft(buyers));
  const [draft, setDraft] = useState<Draft>(empty);
  const [editors, setEditors] = useState<OpenEditors>({});
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [sentId, setSentId] = useState<string | null>(null);
  const errors = useFieldErrors();
  const count = useCountRecipients(projectId);
  const create = useCreateCampaign(projectId);
  const dirty =
    sentId === null && (JSON.stringify(draft) !== JSON.stringify(empty) || Object.keys(editors).length > 0);

  // Once the draft is no longer dirty (the unsaved-changes guard has let go), the log shows the batch just sent.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!sentId || dirty || shown.current === sentId) return;
    shown.current = sentId;
    onSent(sentId);
  }, [sentId, dirty, onSent]);

  const change = (next: Partial<Draft>) => setDraft((prev) => ({ ...prev, ...next }));
  const hasText = (['fr', 'en'] as Language[]).some((l) => draft.subject[l].trim() || draft.body[l].trim());

  /** E1: nothing leaves while a text editor is open (its text is not saved). */
  function editorOpenRefusal() {
    if (Object.keys(editors).length === 0) return false;
    notifications.show({ color: 'red', message: t('campaigns.compose.editorOpen') });
    return true;
  }

  async function handleSend() {
    if (sending || editorOpenRefusal()) return;
    errors.clear();
    // C2: a planned date that cannot be read is dropped with an alert, and the send goes on now.
    const readable = draft.plan && localDateTime.safeParse(draft.plannedAt).success;
    const input: CampaignInput = {
      messageType: draft.messageType,
      audience: draft.audience,
      transactional: draft.transactional,
      subject: draft.subject,
      body: draft.body,
      plannedAt: readable ? draft.plannedAt : null,
    };
    setSending(true);
    try {
      const counted = await count.mutateAsync({
        audience: input.audience,
        transactional: input.transactional,
      });
      setPending({ count: counted, input, unreadableDate: draft.plan && !readable });
    } catch (error) {
      errors.show(error);
      setSending(false);
    }
  }

  async function handleConfirm() {
    if (!pending) return;
    try {
      const campaign = await create.mutateAsync(pending.input);
      notifications.show({
        color: 'teal',
        message: campaign.plannedAtLocal
          ? t('campaigns.compose.planned', { date: local(campaign.plannedAtLocal) })
          : t('campaigns.compose.sent'),
      });
      setPending(null);
      setDraft(empty);
      setSentId(campaign.id);
    } catch (error) {
      setPending(null);
      errors.show(error);
    } finally {
      setSending(false);
    }
  }

  function handlePreset(preset: Preset) {
    change({
      messageType: preset.messageType,
      audience: { ...draft.audience, criteria: preset.criteria },
      ...(preset.texts ?? {}),
    });
  }

  return (
    <Stack gap="lg" maw={1100}>
      <UnsavedChangesGuard dirty={dirty} guardQuery />
      <MessageTypeSelect value={draft.messageType} hasText={hasText} onApply={handlePreset} />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('campaigns.compose.recipients')}
        </Title>
        <AudienceFields
          projectId={projectId}
          audience={draft.audience}
          transactional={draft.transactional}
          onAudience={(next) => change({ audience: { ...draft.audience, ...next } })}
          onTransactional={(transactional) => change({ transactional })}
          errors={errors.byField}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('campaigns.compose.message')}
        </Title>
        <TemplateImport
          projectId={projectId}
          draft={{ subject: draft.subject, body: draft.body }}
          onImport={(template) => change({ subject: template.subject, body: template.body })}
        />
        <MessageFields
          projectId={projectId}
          subject={draft.subject}
          body={draft.body}
          editors={editors}
          onSubject={(language, value) => change({ subject: { ...draft.subject, [language]: value } })}
          onBody={(language, value) =>
            setDraft((prev) => ({ ...prev, body: { ...prev.body, [language]: value } }))
          }
          onEditor={(language, text) =>
            setEditors((prev) => {
              const { [language]: _closed, ...rest } = prev;
              return text === null ? rest : { ...rest, [language]: text };
            })
          }
          errors={errors.byField}
        />
      </Paper>
      <TestSend
        projectId={projectId}
        draft={{ subject: draft.subject, body: draft.body }}
        refuse={editorOpenRefusal}
        errors={errors}
      />
      <Divider />
      <Stack gap="sm">
        <Checkbox
          label={t('campaigns.compose.plan')}
          checked={draft.plan}
          onChange={(event) => change({ plan: event.currentTarget.checked })}
        />
        {draft.plan && (
          <LocalDateTimeField
            label={t('campaigns.compose.plannedAt')}
            value={draft.plannedAt}
            onChange={(plannedAt) => change({ plannedAt })}
            timeZone={timeZone}
            error={errors.byField.plannedAt}
            clearable
            clearButtonProps={{ 'aria-label': t('campaigns.compose.clearPlannedAt') }}
            maw={360}
            data-testid="planned-at"
          />
        )}
        <Group>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => void handleSend()}
            disabled={sending}
            data-testid="send"
          >
            {t(draft.plan ? 'campaigns.compose.schedule' : 'campaigns.compose.send')}
          </Button>
        </Group>
      </Stack>
      <SendConfirmModal
        count={pending?.count ?? null}
        transactional={pending?.input.transactional ?? false}
        plannedAt={pending?.input.plannedAt ?? null}
        timeZone={timeZone}
        unreadableDate={pending?.unreadableDate ?? false}
        sending={create.isPending}
        onConfirm={() => void handleConfirm()}
        onCancel={() => {
          setPending(null);
          setSending(false);
        }}
      />
    </Stack>
  );
}
