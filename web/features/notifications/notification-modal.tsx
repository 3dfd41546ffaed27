import { Center, Group, Input, Loader, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBJECT_MAX } from '../../../contracts/campaigns';
import {
  NOTIFICATION_DIRECTIONS,
  NOTIFICATION_TRIGGERS,
  type NotificationDetail,
  type NotificationDirection,
  type NotificationInput,
  type NotificationTrigger,
  notificationInput,
} from '../../../contracts/notifications';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal } from '../../components/modal/app-modal';
import { RichTextEditor } from '../../components/rich-text';
import { SelectButtons } from '../../components/select-buttons';
import { notificationQuery, useSaveNotification } from './api';
import { ActivitySelect, GroupSelect } from './target-selects';

const LANGUAGES = ['fr', 'en'] as const;

/** The form's values: the target not chosen yet is null (the schema then names it under its select). */
interface FormValues {
  trigger: NotificationTrigger;
  activityId: string | null;
  groupId: string | null;
  direction: NotificationDirection;
  subject: { fr: string; en: string };
  body: { fr: string; en: string };
  active: boolean;
}

const blank: FormValues = {
  trigger: 'activity',
  activityId: null,
  groupId: null,
  direction: 'in',
  subject: { fr: '', en: '' },
  body: { fr: '', en: '' },
  active: true,
};

const valuesOf = (n: NotificationDetail): FormValues => ({
  trigger: n.trigger,
  activityId: n.activityId,
  groupId: n.groupId,
  direction: n.direction,
  subject: { ...n.subject },
  body: { ...n.body },
  active: n.active,
});

/** J5: create an automatic notification (`notificationId` null) or edit one, read first from the server. */
export function NotificationModal({
  projectId,
  notificationId,
  onClose,
}: {
  projectId: string;
  notificationId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const existing = useQuery({
    ...notificationQuery(projectId, notificationId ?? ''),
    enabled: Boolean(notificationId),
  });
  const title = t(notificationId ? 'notifications.form.editTitle' : 'notifications.form.createTitle');
  if (notificationId && !existing.data) {
    return (
      <AppModal opened onClose={onClose} size="xl" title={title}>
        <Center h={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      </AppModal>
    );
  }
  return (
    <NotificationForm
      projectId={projectId}
      notification={existing.data ?? null}
      title={title}
      onClose={onClose}
    />
  );
}

function NotificationForm({
  projectId,
  notification,
  title,
  onClose,
}: {
  projectId: string;
  notification: NotificationDetail | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveNotification(projectId);
  const [tooLong, setTooLong] = useState({ fr: false, en: false });
  const { form, field, onSubmit, submitting, dirty } = useAppForm({
    schema: notificationInput,
    initialValues: (notification ? valuesOf(notification) : blank) as NotificationInput,
    submit: (body) => save.mutateAsync({ notificationId: notification?.id ?? null, body }),
    successMessage: t(notification ? 'notifications.saved' : 'notifications.created'),
    onSaved: onClose,
  });
  const values = form.getValues() as unknown as FormValues;
  const target = (path: 'activityId' | 'groupId') => {
    const props = field(path);
    return {
      value: (props.value as string | null) ?? null,
      onChange: (id: string | null) => form.setFieldValue(path, id),
      error: props.error,
    };
  };
  const editor = (part: 'body', language: 'fr' | 'en') => {
    const props = field(`${part}.${language}`);
    const label = t(`notifications.form.body.${language}`);
    return (
      <RichTextEditor
        key={language}
        value={String(props.value ?? '')}
        onChange={props.onChange as (html: string) => void}
        error={props.error}
        label={label}
        aria-label={label}
        editorType={2}
        projectId={projectId}
        onValidityChange={(over) => setTooLong((current) => ({ ...current, [language]: over }))}
      />
    );
  };
  return (
    <AppModal opened onClose={onClose} size="xl" title={title} dirty={dirty}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Input.Wrapper label={t('notifications.form.trigger')}>
            <SelectButtons<NotificationTrigger>
              label={t('notifications.form.trigger')}
              value={values.trigger}
              options={NOTIFICATION_TRIGGERS.map((v) => ({
                value: v,
                label: t(`notifications.triggers.${v}`),
              }))}
              onChange={(v) => form.setFieldValue('trigger', v)}
            />
          </Input.Wrapper>
          {values.trigger === 'activity' ? (
            <ActivitySelect
              projectId={projectId}
              label={t('notifications.form.activity')}
              chosenName={notification?.activityId ? notification.targetName : null}
              {...target('activityId')}
            />
          ) : (
            <GroupSelect projectId={projectId} label={t('notifications.form.group')} {...target('groupId')} />
          )}
          <Input.Wrapper label={t('notifications.form.direction')}>
            <SelectButtons<NotificationDirection>
              label={t('notifications.form.direction')}
              value={values.direction}
              options={NOTIFICATION_DIRECTIONS.map((v) => ({
                value: v,
                label: t(`notifications.form.directions.${values.trigger}.${v}`),
              }))}
              onChange={(v) => form.setFieldValue('direction', v)}
            />
          </Input.Wrapper>
          {LANGUAGES.map((language) => (
            <TextInput
              key={language}
              label={t(`notifications.form.subject.${language}`)}
              maxLength={SUBJECT_MAX}
              {...field(`subject.${language}`)}
            />
          ))}
          {editor('body', 'fr')}
          {editor('body', 'en')}
          <Switch label={t('notifications.form.active')} {...field('active', { type: 'checkbox' })} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting} disabled={tooLong.fr || tooLong.en}>
            {notification ? t('common.save') : t('common.create')}
          </SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}
